import { useState, type SyntheticEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { isOrgUnitPath } from '@fleetdeck/shared/ou-path';
import { useSetOuScope } from '../api/set-ou-scope.ts';
import { SafeTextForm } from '../../../components/ui/safe-text-form.tsx';

/** Why: the same rule as the server (`/` or `/Schools/North`), said before the request. */
export function ouPathProblem(path: string): string | undefined {
  return isOrgUnitPath(path)
    ? undefined
    : 'Enter an organizational unit path such as / or /Schools/North (no trailing slash).';
}

/**
 * Step 2: the organizational unit subtree Fleetdeck manages (`/` is the whole organization). The
 * server records the step; its answer (the new status) moves the wizard on to the first sync.
 */
export function OuScopeStep({ initialPath }: { initialPath: string }) {
  const [path, setPath] = useState(initialPath);
  const [invalid, setInvalid] = useState<string>();
  const save = useSetOuScope();
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const value = path.trim();
    const problem = ouPathProblem(value);
    setInvalid(problem);
    if (!problem) save.mutate(value);
  };
  const error = invalid ?? save.error?.message;
  return (
    <SafeTextForm className="flex flex-col gap-3" noValidate onSubmit={submit}>
      <Field
        id="ou-path"
        label="Organizational unit path"
        hint="/ manages every Chromebook of your organization; /Schools/North only that school and below."
        value={path}
        onChange={(event) => (setPath(event.target.value), setInvalid(undefined))}
        className="font-mono"
      />
      {error ? <FormMessage>{error}</FormMessage> : null}
      <Button type="submit" className="self-start" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save and continue'}
      </Button>
    </SafeTextForm>
  );
}

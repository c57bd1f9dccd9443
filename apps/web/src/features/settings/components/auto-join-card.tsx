import { useState, type SyntheticEvent } from 'react';
import type { AutoJoin } from '@fleetdeck/shared/organization-contract';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useAutoJoin, useSaveAutoJoin } from '../api/team-changes.ts';
import { parseUnits } from './units.ts';
import { SafeTextForm } from '../../../components/ui/safe-text-form.tsx';

/** The owner's rule (off by default): people with a verified address at these domains join as viewers. */
export function AutoJoinCard() {
  const rule = useAutoJoin(true);
  return (
    <Card data-testid="auto-join">
      <CardHeader>
        <CardTitle>Join without asking</CardTitle>
        <CardDescription>
          Off by default. When on, people who sign in with a verified address at the domains you name join as
          viewers of the units you name, without an invitation. Everyone else asks for access.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {rule.isPending ? <Skeleton className="h-24 w-full" /> : null}
        {rule.isError ? <FormMessage>{rule.error.message}</FormMessage> : null}
        {rule.isSuccess ? <AutoJoinForm initial={rule.data} /> : null}
      </CardContent>
    </Card>
  );
}

function AutoJoinForm({ initial }: { initial: AutoJoin }) {
  const save = useSaveAutoJoin();
  const [enabled, setEnabled] = useState(initial.enabled);
  const [domains, setDomains] = useState(initial.domains.join(', '));
  const [units, setUnits] = useState(initial.ouScope.join(', '));
  const [invalid, setInvalid] = useState<string>();
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const parsed = parseUnits(units);
    if (!parsed.ok) return setInvalid(parsed.message);
    setInvalid(undefined);
    const list = domains
      .split(',')
      .map((domain) => domain.trim().toLowerCase())
      .filter(Boolean);
    save.mutate({ enabled, domains: list, ouScope: parsed.units });
  };
  const error = invalid ?? save.error?.message;
  return (
    <SafeTextForm className="flex flex-col gap-3" onSubmit={submit}>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
        People with a verified address at these domains join as viewers
      </label>
      <Field
        id="auto-join-domains"
        label="Domains"
        placeholder="springfield.k12.us"
        value={domains}
        onChange={(event) => setDomains(event.target.value)}
      />
      <Field
        id="auto-join-units"
        label="Units they see"
        hint="Empty: every unit Fleetdeck manages."
        placeholder="/Schools/North"
        value={units}
        onChange={(event) => setUnits(event.target.value)}
      />
      {error ? <FormMessage>{error}</FormMessage> : null}
      {save.isSuccess ? <FormMessage tone="success">Saved.</FormMessage> : null}
      <Button type="submit" className="self-start" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save'}
      </Button>
    </SafeTextForm>
  );
}

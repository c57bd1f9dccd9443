import { useState, type SyntheticEvent } from 'react';
import type { ApiTokenCreated } from '@fleetdeck/shared/api-token-contract';
import { API_TOKEN_DEFAULT_DAYS, tokenRolesFor, type ApiTokenRole } from '@fleetdeck/shared/api-tokens';
import type { MemberRole } from '@fleetdeck/shared/permissions';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { useCreateApiToken } from '../api/api-tokens.ts';
import { ROLE_LABELS } from './role-select.tsx';
import { parseUnits } from './units.ts';
import { SafeTextForm } from '../../../components/ui/safe-text-form.tsx';

const EXPIRY_DAYS = [7, 30, API_TOKEN_DEFAULT_DAYS, 180, 365] as const;

/** Why: said before the request, with the server's rules (a name, OU paths, yours at most). */
export function parseApiTokenForm(input: {
  name: string;
  units: string;
  myUnits: readonly string[];
}): { ok: true; name: string; units: string[] } | { ok: false; message: string } {
  const name = input.name.trim();
  if (name === '')
    return { ok: false, message: 'Give the token a name, such as "Nightly inventory script".' };
  if (name.length > 100) return { ok: false, message: 'Keep the name under 100 characters.' };
  const parsed = parseUnits(input.units);
  if (!parsed.ok) return parsed;
  if (input.myUnits.length > 0 && parsed.units.length === 0)
    return { ok: false, message: `Choose units within yours: ${input.myUnits.join(', ')}.` };
  return { ok: true, name, units: parsed.units };
}

/** The token's role: up to the member's own. */
function RoleField({
  roles,
  role,
  onRole,
}: {
  roles: readonly ApiTokenRole[];
  role: ApiTokenRole;
  onRole: (role: ApiTokenRole) => void;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor="api-token-role" className="text-sm font-medium">
        Role
      </label>
      <NativeSelect
        id="api-token-role"
        value={role}
        onChange={(event) => onRole(event.target.value as ApiTokenRole)}
      >
        {roles.map((candidate) => (
          <option key={candidate} value={candidate}>
            {ROLE_LABELS[candidate]}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/** How long the token lasts. */
function ExpiryField({ days, onDays }: { days: number; onDays: (days: number) => void }) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor="api-token-expiry" className="text-sm font-medium">
        Expires after
      </label>
      <NativeSelect
        id="api-token-expiry"
        value={String(days)}
        onChange={(event) => onDays(Number(event.target.value))}
      >
        {EXPIRY_DAYS.map((value) => (
          <option key={value} value={value}>
            {value === 365 ? '1 year' : `${value} days`}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/** Create a token: a name, a role up to the member's own, units within theirs, an expiry. */
export function ApiTokenForm({
  myRole,
  myUnits,
  onCreated,
}: {
  myRole: MemberRole;
  myUnits: readonly string[];
  onCreated: (created: ApiTokenCreated) => void;
}) {
  const [name, setName] = useState('');
  const [role, setRole] = useState<ApiTokenRole>('viewer');
  const [units, setUnits] = useState(myUnits.join(', '));
  const [days, setDays] = useState<number>(API_TOKEN_DEFAULT_DAYS);
  const [invalid, setInvalid] = useState<string>();
  const create = useCreateApiToken();
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const parsed = parseApiTokenForm({ name, units, myUnits });
    setInvalid(parsed.ok ? undefined : parsed.message);
    if (!parsed.ok) return;
    create.mutate(
      { name: parsed.name, role, units: parsed.units, expiresInDays: days },
      { onSuccess: (created) => (onCreated(created), setName('')) },
    );
  };
  const error = invalid ?? create.error?.message;
  return (
    <SafeTextForm
      className="flex flex-col gap-3"
      noValidate
      onSubmit={submit}
      aria-label="Create an API token"
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_2fr_1fr] lg:items-start">
        <Field
          id="api-token-name"
          label="Name"
          placeholder="Nightly inventory script"
          maxLength={100}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <RoleField roles={tokenRolesFor(myRole)} role={role} onRole={setRole} />
        <Field
          id="api-token-units"
          label={myUnits.length > 0 ? 'Units' : 'Units (optional)'}
          hint={myUnits.length > 0 ? `Within yours: ${myUnits.join(', ')}` : 'Empty: every unit you may see.'}
          placeholder="/Schools/North"
          value={units}
          onChange={(event) => setUnits(event.target.value)}
        />
        <ExpiryField days={days} onDays={setDays} />
      </div>
      {error ? <FormMessage>{error}</FormMessage> : null}
      <Button type="submit" className="self-start" disabled={create.isPending}>
        {create.isPending ? 'Creating…' : 'Create token'}
      </Button>
    </SafeTextForm>
  );
}

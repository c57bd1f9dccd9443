import { useState, type SyntheticEvent } from 'react';
import { MEMBER_ROLES, canAssignRole, type MemberRole } from '@fleetdeck/shared/permissions';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { isOrgUnitPath } from '@fleetdeck/shared/ou-path';
import { useCreateInvitation } from '../api/create-invitation.ts';
import { RoleSelect } from './role-select.tsx';
import { SafeTextForm } from '../../../components/ui/safe-text-form.tsx';

/** Why: the same rules as the server (an email, OU paths like /Schools/North), said before the request. */
export function parseInvitation(input: {
  email: string;
  ouScope: string;
}): { ok: true; email: string; ouScope: string[] } | { ok: false; message: string } {
  const email = input.email.trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 320)
    return { ok: false, message: 'Enter the email address of the person to invite.' };
  const ouScope = input.ouScope
    .split(',')
    .map((path) => path.trim())
    .filter(Boolean);
  const bad = ouScope.find((path) => !isOrgUnitPath(path));
  if (bad)
    return { ok: false, message: `"${bad}" is not an organizational unit path such as /Schools/North.` };
  return { ok: true, email, ouScope };
}

/** Invite a colleague by email with a role and, optionally, the OUs they may see. */
export function InviteForm({ myRole }: { myRole: MemberRole }) {
  const roles = MEMBER_ROLES.filter((role) => canAssignRole(myRole, role));
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>('technician');
  const [ouScope, setOuScope] = useState('');
  const [invalid, setInvalid] = useState<string>();
  const [sent, setSent] = useState<string>();
  const invite = useCreateInvitation();
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const parsed = parseInvitation({ email, ouScope: role === 'owner' ? '' : ouScope });
    setInvalid(parsed.ok ? undefined : parsed.message);
    setSent(undefined);
    if (!parsed.ok) return;
    invite.mutate(
      { email: parsed.email, role, ouScope: parsed.ouScope },
      { onSuccess: () => (setSent(parsed.email), setEmail(''), setOuScope('')) },
    );
  };
  const error = invalid ?? invite.error?.message;
  return (
    <SafeTextForm
      className="flex flex-col gap-3"
      noValidate
      onSubmit={submit}
      aria-label="Invite a team member"
    >
      <div className="grid gap-3 sm:grid-cols-[1fr_auto_1fr] sm:items-end">
        <Field
          id="invite-email"
          label="Email"
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="invite-role" className="text-sm font-medium">
            Role
          </label>
          <RoleSelect
            id="invite-role"
            roles={roles}
            value={role}
            onChange={(event) => setRole(event.target.value as MemberRole)}
          />
        </div>
        {/* Owners hold the whole tree; for them the field would promise a limit that is not there. */}
        {role !== 'owner' ? (
          <Field
            id="invite-ou-scope"
            label="Units (optional)"
            hint="Empty: every unit Fleetdeck manages."
            placeholder="/Schools/North, /Staff"
            value={ouScope}
            onChange={(event) => setOuScope(event.target.value)}
          />
        ) : (
          <p className="text-xs text-muted-foreground sm:pb-2.5">
            Owners work on every device Fleetdeck manages; they cannot be limited to units.
          </p>
        )}
      </div>
      {error ? <FormMessage>{error}</FormMessage> : null}
      {sent ? <FormMessage tone="success">Invitation sent to {sent}.</FormMessage> : null}
      <Button type="submit" className="self-start" disabled={invite.isPending}>
        {invite.isPending ? 'Sending…' : 'Send invitation'}
      </Button>
    </SafeTextForm>
  );
}

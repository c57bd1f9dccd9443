import { Check, Minus } from 'lucide-react';
import { MEMBER_ROLES, PERMISSIONS, roleCan } from '@fleetdeck/shared/permissions';
import { PERMISSION_WORDS, ROLE_WORDS } from '../help-text.ts';
import { CELL, HelpSection, HelpTable } from './help-section.tsx';

/** Roles and what each may do: the permission matrix the server enforces on every request. */
export function RolesSection() {
  return (
    <HelpSection
      id="roles"
      title="Who can do what: roles"
      intro="Being a Google admin grants nothing in Fleetdeck by itself. The first admin who connects a Google Workspace owns its organization; everyone else joins by an invitation, by asking for access (an owner or admin approves), or by the owner’s domain rule."
    >
      <dl className="grid gap-3 sm:grid-cols-2">
        {MEMBER_ROLES.map((role) => (
          <div key={role} className="rounded-lg border border-border p-3">
            <dt className="font-semibold">{ROLE_WORDS[role].label}</dt>
            <dd className="mt-1 text-sm text-muted-foreground">{ROLE_WORDS[role].purpose}</dd>
          </div>
        ))}
      </dl>
      <HelpTable
        caption="What each role may do"
        head={['', ...MEMBER_ROLES.map((role) => ROLE_WORDS[role].label)]}
      >
        {PERMISSIONS.map((permission) => (
          <tr key={permission}>
            <th scope="row" className={`${CELL} font-normal`}>
              {PERMISSION_WORDS[permission]}
            </th>
            {MEMBER_ROLES.map((role) => (
              <td key={role} className={CELL}>
                {roleCan(role, permission) ? (
                  <Check className="size-4 text-success-subtle-foreground" aria-label="Yes" />
                ) : (
                  <Minus className="size-4 text-muted-foreground" aria-label="No" />
                )}
              </td>
            ))}
          </tr>
        ))}
      </HelpTable>
      <ul className="flex max-w-3xl list-disc flex-col gap-2 pl-5 text-sm">
        <li>
          <strong>Units.</strong> Every role but owner may be limited to organizational units and the units
          below them. Outside them a device is not found, a bulk preview says “not in your units”, and counts
          and exports leave it out. Nobody grants more than they hold.
        </li>
        <li>
          <strong>Confirming it is you.</strong> Deprovisioning, powerwash, wiping users, disabling more than
          10 devices, team changes and replacing the Google grant ask for the code of your authenticator app
          (or one emailed to you). A confirmation holds for 10 minutes, for that session.
        </li>
        <li>
          <strong>API tokens</strong> act for the member who made them, never beyond what that member may do
          now.
        </li>
      </ul>
    </HelpSection>
  );
}

import { roleCan } from '@fleetdeck/shared/permissions';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { AccessRequestsCard } from './access-requests-card.tsx';
import { AutoJoinCard } from './auto-join-card.tsx';
import { InvitationsList } from './invitations-list.tsx';
import { LeaveOrganization } from './leave-organization.tsx';
import { InviteForm } from './invite-form.tsx';
import { MembersTable } from './members-table.tsx';
import { useMyMembership } from './use-my-role.ts';

/** `/settings/team`: members, roles, invitations; management only for owners and admins. */
export function TeamSection() {
  const { role, userId, units } = useMyMembership();
  const manages = role !== undefined && roleCan(role, 'members.manage');
  const manager = manages ? role : undefined;
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Team members and roles</CardTitle>
          <CardDescription>
            Owners and admins manage everything; technicians fix devices; viewers only look. Everyone but
            owners may be limited to organizational units, and nobody grants more than they hold.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <MembersTable myRole={role} myUnits={units} {...(userId ? { myUserId: userId } : {})} />
        </CardContent>
      </Card>
      {manager ? <AccessRequestsCard myRole={manager} myUnits={units} /> : null}
      {manager ? (
        <Card>
          <CardHeader>
            <CardTitle>Invite a team member</CardTitle>
            <CardDescription>They get an email with a link that works for 7 days.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-5">
            <InviteForm myRole={manager} />
            <div>
              <h3 className="mb-2 text-sm font-semibold">Pending invitations</h3>
              <InvitationsList />
            </div>
          </CardContent>
        </Card>
      ) : null}
      {role === 'owner' ? <AutoJoinCard /> : null}
      {role ? <LeaveOrganization /> : null}
    </div>
  );
}

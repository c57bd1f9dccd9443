import { useState } from 'react';
import type { Member } from '@fleetdeck/shared/organization-contract';
import { MEMBER_ROLES, canAssignRole, roleCan, type MemberRole } from '@fleetdeck/shared/permissions';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useMembers } from '../api/list-members.ts';
import { ScrollRegion } from '../../../components/ui/scroll-region.tsx';
import { MemberRow, useMemberChanges } from './member-row.tsx';

interface Me {
  readonly role: MemberRole | undefined;
  readonly userId?: string | undefined;
  /** The units I was given; empty for the whole managed tree. */
  readonly units?: readonly string[] | undefined;
}

/** Why: a member limited to units manages only members within them (the server says the same). */
function withinMyUnits(me: Me, member: Member): boolean {
  const mine = me.units ?? [];
  if (me.role === 'owner' || mine.length === 0) return true;
  const inside = (path: string) =>
    mine.some(
      (root) =>
        path.toLowerCase() === root.toLowerCase() || path.toLowerCase().startsWith(`${root.toLowerCase()}/`),
    );
  return member.ouScope.length > 0 && member.ouScope.every(inside);
}

/** Team members with their roles and units; owners and admins change them, owners hand over ownership. */
export function MembersTable({
  myRole,
  myUserId,
  myUnits,
}: {
  myRole: MemberRole | undefined;
  myUserId?: string;
  myUnits?: readonly string[];
}) {
  const me: Me = { role: myRole, userId: myUserId, units: myUnits };
  const members = useMembers(roleCan(myRole, 'members.read'));
  const changes = useMemberChanges();
  const [editingUnits, setEditingUnits] = useState<string>();
  const manages = roleCan(myRole, 'members.manage');
  if (!roleCan(myRole, 'members.read'))
    return <p className="text-sm text-muted-foreground">Your role does not include seeing the team.</p>;
  if (members.isPending) return <Skeleton className="h-32 w-full" />;
  if (members.isError) return <FormMessage>{members.error.message}</FormMessage>;
  const assignable = MEMBER_ROLES.filter((role) => myRole !== undefined && canAssignRole(myRole, role));
  return (
    <div className="flex flex-col gap-3">
      {changes.error ? <FormMessage>{changes.error.message}</FormMessage> : null}
      <ScrollRegion label="Team members" className="overflow-x-auto rounded-lg border border-border">
        <table className="w-full text-left text-sm">
          <thead className="bg-muted text-xs text-muted-foreground">
            <tr>
              <th className="px-3 py-2 font-medium">Member</th>
              <th className="px-3 py-2 font-medium">Role</th>
              <th className="px-3 py-2 font-medium">Units</th>
              <th className="px-3 py-2 font-medium">Joined</th>
              {manages ? <th className="px-3 py-2 font-medium sr-only">Actions</th> : null}
            </tr>
          </thead>
          <tbody>
            {members.data.members.map((member) => (
              <MemberRow
                key={member.userId}
                member={member}
                editable={
                  manages &&
                  myRole !== undefined &&
                  member.userId !== myUserId &&
                  canAssignRole(myRole, member.role) &&
                  withinMyUnits(me, member)
                }
                assignable={assignable}
                manages={manages}
                canTransfer={myRole === 'owner' && member.role !== 'owner' && member.userId !== myUserId}
                editingUnits={editingUnits === member.userId}
                onEditingUnits={(editing) => setEditingUnits(editing ? member.userId : undefined)}
                changes={changes}
              />
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}

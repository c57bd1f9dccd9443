import { MEMBER_ROLES, canAssignRole, roleCan, type MemberRole } from '@fleetdeck/shared/permissions';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useMembers } from '../api/list-members.ts';
import { useRemoveMember } from '../api/remove-member.ts';
import { useUpdateMember } from '../api/update-member.ts';
import { ROLE_LABELS, RoleSelect } from './role-select.tsx';

/** Team members with their roles; owners and admins change roles and remove members. */
export function MembersTable({ myRole, myUserId }: { myRole: MemberRole | undefined; myUserId?: string }) {
  const members = useMembers(roleCan(myRole, 'members.read'));
  const update = useUpdateMember();
  const remove = useRemoveMember();
  const manages = roleCan(myRole, 'members.manage');
  if (!roleCan(myRole, 'members.read'))
    return <p className="text-sm text-muted-foreground">Your role does not include seeing the team.</p>;
  if (members.isPending) return <Skeleton className="h-32 w-full" />;
  if (members.isError) return <FormMessage>{members.error.message}</FormMessage>;
  const error = update.error ?? remove.error;
  return (
    <div className="flex flex-col gap-3">
      {error ? <FormMessage>{error.message}</FormMessage> : null}
      <div className="overflow-x-auto rounded-lg border border-border">
        <table className="w-full text-left text-sm">
          <thead className="bg-muted text-xs text-muted-foreground">
            <tr>
              <th className="px-3 py-2 font-medium">Member</th>
              <th className="px-3 py-2 font-medium">Role</th>
              <th className="px-3 py-2 font-medium">OU scope</th>
              <th className="px-3 py-2 font-medium">Joined</th>
              {manages ? <th className="px-3 py-2 font-medium sr-only">Actions</th> : null}
            </tr>
          </thead>
          <tbody>
            {members.data.members.map((member) => {
              const editable =
                manages &&
                myRole !== undefined &&
                member.userId !== myUserId &&
                canAssignRole(myRole, member.role);
              const assignable = MEMBER_ROLES.filter(
                (role) => myRole !== undefined && canAssignRole(myRole, role),
              );
              return (
                <tr key={member.userId} className="border-t border-border">
                  <td className="px-3 py-2">
                    <div className="font-medium">{member.name || member.email}</div>
                    <div className="text-xs text-muted-foreground">{member.email}</div>
                  </td>
                  <td className="px-3 py-2">
                    {editable ? (
                      <RoleSelect
                        aria-label={`Role of ${member.email}`}
                        roles={assignable}
                        value={member.role}
                        disabled={update.isPending}
                        onChange={(event) =>
                          update.mutate({ userId: member.userId, role: event.target.value as MemberRole })
                        }
                      />
                    ) : (
                      ROLE_LABELS[member.role]
                    )}
                  </td>
                  <td className="px-3 py-2 font-mono text-xs">
                    {member.role === 'viewer' && member.ouScope.length > 0
                      ? member.ouScope.join(', ')
                      : 'Whole organization'}
                  </td>
                  <td className="px-3 py-2 text-xs text-muted-foreground">
                    {new Date(member.joinedAt).toLocaleDateString()}
                  </td>
                  {manages ? (
                    <td className="px-3 py-2 text-right">
                      {editable ? (
                        <Button
                          variant="ghost"
                          size="sm"
                          disabled={remove.isPending}
                          onClick={() => {
                            if (window.confirm(`Remove ${member.email} from the organization?`))
                              remove.mutate(member.userId);
                          }}
                        >
                          Remove
                        </Button>
                      ) : null}
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}

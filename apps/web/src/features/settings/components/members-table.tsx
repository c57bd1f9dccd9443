import { useState } from 'react';
import type { Member } from '@fleetdeck/shared/organization-contract';
import { MEMBER_ROLES, canAssignRole, roleCan, type MemberRole } from '@fleetdeck/shared/permissions';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useMembers } from '../api/list-members.ts';
import { useRemoveMember } from '../api/remove-member.ts';
import { useTransferOwnership } from '../api/team-changes.ts';
import { useUpdateMember } from '../api/update-member.ts';
import { ROLE_LABELS, RoleSelect } from './role-select.tsx';
import { parseUnits } from './units.ts';
import { SafeTextForm } from '../../../components/ui/safe-text-form.tsx';
import { ScrollRegion } from '../../../components/ui/scroll-region.tsx';

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
  const update = useUpdateMember();
  const remove = useRemoveMember();
  const transfer = useTransferOwnership();
  const [editingUnits, setEditingUnits] = useState<string>();
  const manages = roleCan(myRole, 'members.manage');
  if (!roleCan(myRole, 'members.read'))
    return <p className="text-sm text-muted-foreground">Your role does not include seeing the team.</p>;
  if (members.isPending) return <Skeleton className="h-32 w-full" />;
  if (members.isError) return <FormMessage>{members.error.message}</FormMessage>;
  const error = update.error ?? remove.error ?? transfer.error;
  return (
    <div className="flex flex-col gap-3">
      {error ? <FormMessage>{error.message}</FormMessage> : null}
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
            {members.data.members.map((member) => {
              const editable =
                manages &&
                myRole !== undefined &&
                member.userId !== myUserId &&
                canAssignRole(myRole, member.role) &&
                withinMyUnits(me, member);
              const assignable = MEMBER_ROLES.filter(
                (role) => myRole !== undefined && canAssignRole(myRole, role),
              );
              return (
                <tr key={member.userId} className="border-t border-border align-top">
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
                  <td className="px-3 py-2 text-xs">
                    {editingUnits === member.userId ? (
                      <UnitsEditor
                        member={member}
                        busy={update.isPending}
                        onCancel={() => setEditingUnits(undefined)}
                        onSave={(units) =>
                          update.mutate(
                            { userId: member.userId, ouScope: units },
                            { onSuccess: () => setEditingUnits(undefined) },
                          )
                        }
                      />
                    ) : (
                      <div className="flex flex-wrap items-center gap-2">
                        <span className="font-mono">
                          {member.ouScope.length > 0 ? member.ouScope.join(', ') : 'Every unit'}
                        </span>
                        {editable && member.role !== 'owner' ? (
                          <Button
                            variant="ghost"
                            size="sm"
                            aria-label={`Change units of ${member.email}`}
                            onClick={() => setEditingUnits(member.userId)}
                          >
                            Change
                          </Button>
                        ) : null}
                      </div>
                    )}
                  </td>
                  <td className="px-3 py-2 text-xs text-muted-foreground">
                    {new Date(member.joinedAt).toLocaleDateString()}
                  </td>
                  {manages ? (
                    <td className="px-3 py-2 text-right whitespace-nowrap">
                      {myRole === 'owner' && member.role !== 'owner' && member.userId !== myUserId ? (
                        <Button
                          variant="ghost"
                          size="sm"
                          disabled={transfer.isPending}
                          onClick={() => {
                            if (
                              window.confirm(
                                `Make ${member.email} the owner? You become an admin; they can change everything, you included.`,
                              )
                            )
                              transfer.mutate(member.userId);
                          }}
                        >
                          Make owner
                        </Button>
                      ) : null}
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
      </ScrollRegion>
    </div>
  );
}

function UnitsEditor({
  member,
  busy,
  onSave,
  onCancel,
}: {
  member: Member;
  busy: boolean;
  onSave: (units: string[]) => void;
  onCancel: () => void;
}) {
  const [value, setValue] = useState(member.ouScope.join(', '));
  const [invalid, setInvalid] = useState<string>();
  return (
    <SafeTextForm
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = parseUnits(value);
        if (!parsed.ok) return setInvalid(parsed.message);
        onSave(parsed.units);
      }}
    >
      <Input
        aria-label={`Units of ${member.email}`}
        placeholder="Empty: every unit"
        value={value}
        autoFocus
        onChange={(event) => setValue(event.target.value)}
      />
      {invalid ? <FormMessage>{invalid}</FormMessage> : null}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={busy}>
          Save
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </SafeTextForm>
  );
}

import { useState } from 'react';
import type { Member } from '@fleetdeck/shared/organization-contract';
import type { MemberRole } from '@fleetdeck/shared/permissions';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { SafeTextForm } from '../../../components/ui/safe-text-form.tsx';
import { useRemoveMember } from '../api/remove-member.ts';
import { useTransferOwnership } from '../api/team-changes.ts';
import { useUpdateMember } from '../api/update-member.ts';
import { ROLE_LABELS, RoleSelect } from './role-select.tsx';
import { parseUnits } from './units.ts';

/** The changes a manager makes to members (role and units, removal, ownership), shared by every row. */
export function useMemberChanges() {
  const update = useUpdateMember();
  const remove = useRemoveMember();
  const transfer = useTransferOwnership();
  return { update, remove, transfer, error: update.error ?? remove.error ?? transfer.error };
}

type MemberChanges = ReturnType<typeof useMemberChanges>;

/** The member's role: a picker of the roles I may give when I may change it, else its name. */
function RoleCell({
  member,
  editable,
  assignable,
  changes,
}: {
  member: Member;
  editable: boolean;
  assignable: readonly MemberRole[];
  changes: MemberChanges;
}) {
  return (
    <td className="px-3 py-2">
      {editable ? (
        <RoleSelect
          aria-label={`Role of ${member.email}`}
          roles={assignable}
          value={member.role}
          disabled={changes.update.isPending}
          onChange={(event) =>
            changes.update.mutate({ userId: member.userId, role: event.target.value as MemberRole })
          }
        />
      ) : (
        ROLE_LABELS[member.role]
      )}
    </td>
  );
}

/** The member's units, with Change (owners have every unit) opening them for editing in place. */
function UnitsCell({
  member,
  editable,
  editing,
  onEditing,
  changes,
}: {
  member: Member;
  editable: boolean;
  editing: boolean;
  onEditing: (editing: boolean) => void;
  changes: MemberChanges;
}) {
  return (
    <td className="px-3 py-2 text-xs">
      {editing ? (
        <UnitsEditor
          member={member}
          busy={changes.update.isPending}
          onCancel={() => onEditing(false)}
          onSave={(units) =>
            changes.update.mutate(
              { userId: member.userId, ouScope: units },
              { onSuccess: () => onEditing(false) },
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
              onClick={() => onEditing(true)}
            >
              Change
            </Button>
          ) : null}
        </div>
      )}
    </td>
  );
}

/** Make owner (mine to give, as the owner) and Remove, each confirmed first. */
function MemberActions({
  member,
  editable,
  canTransfer,
  changes,
}: {
  member: Member;
  editable: boolean;
  canTransfer: boolean;
  changes: MemberChanges;
}) {
  return (
    <td className="px-3 py-2 text-right whitespace-nowrap">
      {canTransfer ? (
        <Button
          variant="ghost"
          size="sm"
          disabled={changes.transfer.isPending}
          onClick={() => {
            if (
              window.confirm(
                `Make ${member.email} the owner? You become an admin; they can change everything, you included.`,
              )
            )
              changes.transfer.mutate(member.userId);
          }}
        >
          Make owner
        </Button>
      ) : null}
      {editable ? (
        <Button
          variant="ghost"
          size="sm"
          disabled={changes.remove.isPending}
          onClick={() => {
            if (window.confirm(`Remove ${member.email} from the organization?`))
              changes.remove.mutate(member.userId);
          }}
        >
          Remove
        </Button>
      ) : null}
    </td>
  );
}

/** One member: who, role, units, when they joined, and (for managers) the actions. */
export function MemberRow({
  member,
  editable,
  assignable,
  manages,
  canTransfer,
  editingUnits,
  onEditingUnits,
  changes,
}: {
  member: Member;
  /** Whether I may change this member's role, units and membership. */
  editable: boolean;
  assignable: readonly MemberRole[];
  manages: boolean;
  canTransfer: boolean;
  editingUnits: boolean;
  onEditingUnits: (editing: boolean) => void;
  changes: MemberChanges;
}) {
  return (
    <tr className="border-t border-border align-top">
      <td className="px-3 py-2">
        <div className="font-medium">{member.name || member.email}</div>
        <div className="text-xs text-muted-foreground">{member.email}</div>
      </td>
      <RoleCell member={member} editable={editable} assignable={assignable} changes={changes} />
      <UnitsCell
        member={member}
        editable={editable}
        editing={editingUnits}
        onEditing={onEditingUnits}
        changes={changes}
      />
      <td className="px-3 py-2 text-xs text-muted-foreground">
        {new Date(member.joinedAt).toLocaleDateString()}
      </td>
      {manages ? (
        <MemberActions member={member} editable={editable} canTransfer={canTransfer} changes={changes} />
      ) : null}
    </tr>
  );
}

/** The member's units as typed paths, comma-separated; empty means every unit. */
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

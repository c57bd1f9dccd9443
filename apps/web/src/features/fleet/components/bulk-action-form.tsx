import { useState } from 'react';
import type { BulkAction } from '@fleetdeck/shared/bulk-contract';
import { DEVICE_FIELD_LIMITS, type DisableReason } from '@fleetdeck/shared/device-actions';
import { DisableReasonFields } from '../../../components/disable-reason-fields.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { useOrgUnits } from '../../../api/org-units.ts';
import type { BulkKind } from '../bulk-kinds.ts';
import { formatCount } from '../format.ts';
import { CommandForm, DeprovisionForm } from './bulk-command-forms.tsx';
import { sortByOrgUnitPath } from '@fleetdeck/shared/org-unit-order';

type AnnotatedField = keyof typeof DEVICE_FIELD_LIMITS;
const FIELD_LABELS: Record<AnnotatedField, string> = {
  annotatedAssetId: 'Asset ID',
  annotatedLocation: 'Location',
  annotatedUser: 'User',
  notes: 'Notes',
};

/** The action a kind starts with: complete for those without required inputs. */
export function initialAction(kind: BulkKind): BulkAction | null {
  if (kind === 'disable') return { kind: 'disable' };
  if (kind === 'reenable') return { kind: 'reenable' };
  return null;
}

/**
 * The inputs of one bulk action. Calls `onChange` with the action once it is complete, or null
 * while something required is missing.
 */
export function BulkActionForm({
  kind,
  onChange,
}: {
  kind: BulkKind;
  onChange: (action: BulkAction | null) => void;
}) {
  switch (kind) {
    case 'annotate':
      return <AnnotateForm onChange={onChange} />;
    case 'move':
      return <MoveForm onChange={onChange} />;
    case 'disable':
      return <DisableForm onChange={onChange} />;
    case 'reenable':
      return (
        <p className="text-sm text-muted-foreground">
          Re-enabled devices unlock at their next check-in and people can sign in again. Devices that are not
          disabled are left as they are.
        </p>
      );
    case 'deprovision':
      return <DeprovisionForm onChange={onChange} />;
    case 'command':
      return <CommandForm onChange={onChange} />;
  }
}

function AnnotateForm({ onChange }: { onChange: (action: BulkAction | null) => void }) {
  const [values, setValues] = useState<Partial<Record<AnnotatedField, string>>>({});
  const update = (field: AnnotatedField, value: string | undefined) => {
    const next: Partial<Record<AnnotatedField, string>> = {};
    for (const key of Object.keys(FIELD_LABELS) as AnnotatedField[]) {
      const entry = key === field ? value : values[key];
      if (entry !== undefined) next[key] = entry;
    }
    setValues(next);
    onChange(Object.keys(next).length > 0 ? { kind: 'annotate', fields: next } : null);
  };
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm text-muted-foreground">
        Tick the fields to change. The same value is written to every device; an empty value clears the field.
      </legend>
      {(Object.keys(FIELD_LABELS) as AnnotatedField[]).map((field) => {
        const on = values[field] !== undefined;
        const id = `bulk-field-${field}`;
        return (
          <div key={field} className="grid grid-cols-[8rem_1fr] items-center gap-3">
            <label className="flex items-center gap-2 text-sm font-medium">
              <input
                type="checkbox"
                className="size-4 accent-[var(--color-accent)]"
                checked={on}
                onChange={(event) => update(field, event.target.checked ? '' : undefined)}
              />
              {FIELD_LABELS[field]}
            </label>
            <Input
              id={id}
              aria-label={`New ${FIELD_LABELS[field]}`}
              disabled={!on}
              maxLength={DEVICE_FIELD_LIMITS[field]}
              value={values[field] ?? ''}
              onChange={(event) => update(field, event.target.value)}
            />
          </div>
        );
      })}
    </fieldset>
  );
}

function MoveForm({ onChange }: { onChange: (action: BulkAction | null) => void }) {
  const orgUnits = useOrgUnits();
  const [orgUnitId, setOrgUnitId] = useState('');
  const [filter, setFilter] = useState('');
  if (orgUnits.isPending) return <Skeleton className="h-9 w-full" />;
  if (orgUnits.isError) return <FormMessage>{orgUnits.error.message}</FormMessage>;
  const needle = filter.trim().toLowerCase();
  // Hundreds of units are common: typing part of a path narrows the list; the chosen one stays.
  const sorted = sortByOrgUnitPath(orgUnits.data.orgUnits, (unit) => unit.orgUnitPath).filter(
    (unit) => !needle || unit.orgUnitId === orgUnitId || unit.orgUnitPath.toLowerCase().includes(needle),
  );
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor="bulk-move-filter" className="text-sm font-medium">
        Find a unit
      </label>
      <Input
        id="bulk-move-filter"
        type="search"
        value={filter}
        placeholder="Type part of a path, e.g. North High"
        onChange={(event) => setFilter(event.target.value)}
      />
      <label htmlFor="bulk-move-ou" className="text-sm font-medium">
        Move to
      </label>
      <NativeSelect
        id="bulk-move-ou"
        value={orgUnitId}
        onChange={(event) => {
          setOrgUnitId(event.target.value);
          onChange(event.target.value ? { kind: 'move', orgUnitId: event.target.value } : null);
        }}
      >
        <option value="">
          {needle && sorted.length === 0
            ? `No unit matches “${filter.trim()}”`
            : `Choose an organizational unit… (${formatCount(sorted.length)})`}
        </option>
        {sorted.map((unit) => (
          <option key={unit.orgUnitId} value={unit.orgUnitId}>
            {unit.orgUnitPath}
          </option>
        ))}
      </NativeSelect>
      <p className="text-xs text-muted-foreground">
        Policies of the new unit apply at the devices&apos; next sync with Google.
      </p>
    </div>
  );
}

function DisableForm({ onChange }: { onChange: (action: BulkAction | null) => void }) {
  const [reason, setReason] = useState<DisableReason | ''>('');
  const [note, setNote] = useState('');
  const emit = (nextReason: DisableReason | '', nextNote: string) =>
    onChange({
      kind: 'disable',
      ...(nextReason ? { reason: nextReason } : {}),
      ...(nextNote.trim() ? { note: nextNote.trim() } : {}),
    });
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground" data-testid="bulk-disable-return-message">
        Disabled devices lock at their next check-in and show the return message set by the policy of their
        own organizational unit (the preview lists it per unit). A bulk disable does not change those
        messages; to change one, use the Disable dialog of a device in that unit, or the Google Admin console.
      </p>
      <DisableReasonFields
        idPrefix="bulk-disable"
        reason={reason}
        note={note}
        onReason={(next) => {
          setReason(next);
          emit(next, note);
        }}
        onNote={(next) => {
          setNote(next);
          emit(reason, next);
        }}
        hint="Kept in Fleetdeck's audit log only; not shown on the devices."
        placeholder="e.g. Cart 3 stolen from room 12"
      />
    </div>
  );
}

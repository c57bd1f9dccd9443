import { useId, useState, type SyntheticEvent } from 'react';
import { Pencil } from 'lucide-react';
import { DEVICE_FIELD_LIMITS } from '@fleetdeck/shared/device-actions';
import type { DeviceDetail } from '@fleetdeck/shared/device-contract';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { cn } from '../../../lib/cn.ts';
import { useAnnotateDevice } from '../api/annotate-device.ts';
import {
  ANNOTATED_FIELDS,
  changedFields,
  fieldError,
  fieldLength,
  type AnnotatedField,
  type AnnotatedValues,
} from '../annotate-fields.ts';
import { FactList } from './fact-list.tsx';
import { SafeTextForm } from '../../../components/ui/safe-text-form.tsx';

function valuesOf(device: DeviceDetail['device']): AnnotatedValues {
  return {
    annotatedAssetId: device.annotatedAssetId ?? '',
    annotatedLocation: device.annotatedLocation ?? '',
    annotatedUser: device.annotatedUser ?? '',
    notes: device.notes ?? '',
  };
}

function Counter({ id, field, value }: { id: string; field: AnnotatedField; value: string }) {
  const limit = DEVICE_FIELD_LIMITS[field];
  const length = fieldLength(field, value);
  return (
    <span
      id={id}
      className={cn(
        'text-xs tabular-nums',
        length > limit ? 'font-medium text-danger' : 'text-muted-foreground',
      )}
    >
      {length} / {limit}
    </span>
  );
}

/** One asset field with its label, length counter and error. */
function AnnotateField({
  inputId,
  field: { id, label, multiline },
  value,
  onChange,
}: {
  inputId: string;
  field: (typeof ANNOTATED_FIELDS)[number];
  value: string;
  onChange: (value: string) => void;
}) {
  const error = fieldError(id, value);
  const describedBy = `${inputId}-count${error ? ` ${inputId}-error` : ''}`;
  const common = {
    id: inputId,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  } as const;
  return (
    <div className={cn('flex flex-col gap-1.5', multiline && 'sm:col-span-2')}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={inputId} className="text-sm font-medium">
          {label}
        </label>
        <Counter id={`${inputId}-count`} field={id} value={value} />
      </div>
      {multiline ? (
        <Textarea {...common} rows={4} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <Input
          {...common}
          className={error ? 'border-danger' : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {error ? (
        <p id={`${inputId}-error`} className="text-xs text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Edits the asset fields; only the changed ones are sent, and only when all are valid. */
function AnnotateForm({
  deviceId,
  initial,
  onCancel,
  onSaved,
}: {
  deviceId: string;
  initial: AnnotatedValues;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const idPrefix = useId();
  const [values, setValues] = useState(initial);
  const annotate = useAnnotateDevice(deviceId);
  const changes = changedFields(initial, values);
  const errors = ANNOTATED_FIELDS.map(({ id }) => fieldError(id, values[id])).filter(Boolean);
  const nothingChanged = Object.keys(changes).length === 0;

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (errors.length > 0 || nothingChanged) return;
    annotate.mutate(changes, { onSuccess: onSaved });
  };

  return (
    <SafeTextForm
      onSubmit={submit}
      className="flex flex-col gap-4"
      aria-label="Edit asset details"
      noValidate
    >
      <fieldset disabled={annotate.isPending} className="grid gap-4 sm:grid-cols-2">
        {ANNOTATED_FIELDS.map((field) => (
          <AnnotateField
            key={field.id}
            inputId={`${idPrefix}-${field.id}`}
            field={field}
            value={values[field.id]}
            onChange={(value) => setValues((v) => ({ ...v, [field.id]: value }))}
          />
        ))}
      </fieldset>
      {annotate.isError ? <FormMessage>{annotate.error.message}</FormMessage> : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" disabled={annotate.isPending || errors.length > 0 || nothingChanged}>
          {annotate.isPending ? 'Saving…' : 'Save'}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={annotate.isPending}>
          Cancel
        </Button>
        <span className="text-xs text-muted-foreground">Saved to Google and recorded in the timeline.</span>
      </div>
    </SafeTextForm>
  );
}

/** Asset ID, user, location and notes: shown, and edited in place by those allowed to. */
export function AnnotateCard({
  detail,
  editing,
  onEditingChange,
}: {
  detail: DeviceDetail;
  editing: boolean;
  onEditingChange: (editing: boolean) => void;
}) {
  const { device, can } = detail;
  const [saved, setSaved] = useState(false);
  const values = valuesOf(device);
  return (
    <Card aria-labelledby="asset-details-title">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle id="asset-details-title">Asset details</CardTitle>
          <CardDescription>
            Your organization&apos;s own fields for this device, kept at Google.
          </CardDescription>
        </div>
        {can.annotate && !editing ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              setSaved(false);
              onEditingChange(true);
            }}
          >
            <Pencil aria-hidden="true" />
            Edit
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {editing ? (
          <AnnotateForm
            deviceId={device.deviceId}
            initial={values}
            onCancel={() => onEditingChange(false)}
            onSaved={() => {
              setSaved(true);
              onEditingChange(false);
            }}
          />
        ) : (
          <>
            {saved ? (
              <FormMessage tone="success" className="mb-3">
                Asset details saved.
              </FormMessage>
            ) : null}
            <FactList
              facts={ANNOTATED_FIELDS.filter((f) => !f.multiline).map(({ id, label }) => ({
                label,
                value: values[id],
              }))}
            />
            <div className="mt-3 text-sm">
              <div className="text-muted-foreground">Notes</div>
              <p className="mt-1 break-words whitespace-pre-wrap" data-testid="device-notes">
                {values.notes || <span className="text-muted-foreground">No notes.</span>}
              </p>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

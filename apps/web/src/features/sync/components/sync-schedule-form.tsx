import { useState, type SyntheticEvent } from 'react';
import type { SyncSchedule } from '@fleetdeck/shared/sync-contract';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { useUpdateSyncSchedule } from '../api/update-sync-schedule.ts';
import { SCHEDULE_LIMITS } from '../format.ts';
import { SafeTextForm } from '../../../components/ui/safe-text-form.tsx';

const { intervalMinutes: MINUTES, fullEveryHours: HOURS } = SCHEDULE_LIMITS;

function wholeIn(value: string, min: number, max: number): number | undefined {
  const number = Number(value);
  return /^\d+$/.test(value.trim()) && number >= min && number <= max ? number : undefined;
}

/** The schedule: on or off, an incremental run every N minutes, a full one every N hours. */
export function SyncScheduleForm({ schedule, canEdit }: { schedule: SyncSchedule; canEdit: boolean }) {
  const [enabled, setEnabled] = useState(schedule.enabled);
  const [minutes, setMinutes] = useState(String(schedule.intervalMinutes));
  const [hours, setHours] = useState(String(schedule.fullEveryHours));
  const [problem, setProblem] = useState<string>();
  const save = useUpdateSyncSchedule();
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const intervalMinutes = wholeIn(minutes, MINUTES.min, MINUTES.max);
    const fullEveryHours = wholeIn(hours, HOURS.min, HOURS.max);
    if (intervalMinutes === undefined)
      return setProblem(`Sync every ${MINUTES.min} to ${MINUTES.max} minutes (a whole number).`);
    if (fullEveryHours === undefined)
      return setProblem(`Run a full sync every ${HOURS.min} to ${HOURS.max} hours (a whole number).`);
    setProblem(undefined);
    save.mutate({ enabled, intervalMinutes, fullEveryHours });
  };
  const error = problem ?? save.error?.message;
  return (
    <SafeTextForm className="flex flex-col gap-4" noValidate onSubmit={submit} aria-label="Sync schedule">
      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          className="size-4 accent-accent"
          checked={enabled}
          disabled={!canEdit}
          onChange={(event) => setEnabled(event.target.checked)}
        />
        Sync on a schedule
      </label>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id="sync-interval"
          label="Sync every (minutes)"
          hint="An incremental sync: devices changed since the last one."
          inputMode="numeric"
          value={minutes}
          disabled={!canEdit}
          onChange={(event) => (setMinutes(event.target.value), setProblem(undefined))}
        />
        <Field
          id="sync-full-every"
          label="Full sync every (hours)"
          hint="A full sync also finds devices deleted at Google."
          inputMode="numeric"
          value={hours}
          disabled={!canEdit}
          onChange={(event) => (setHours(event.target.value), setProblem(undefined))}
        />
      </div>
      <p className="text-xs text-muted-foreground" data-testid="sync-next-run">
        {schedule.enabled && schedule.nextRunAt
          ? `Next scheduled sync: ${new Date(schedule.nextRunAt).toLocaleString()}.`
          : 'No scheduled sync is planned.'}
      </p>
      {error ? <FormMessage>{error}</FormMessage> : null}
      {save.isSuccess && !error ? <FormMessage tone="success">Schedule saved.</FormMessage> : null}
      {canEdit ? (
        <Button type="submit" className="self-start" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save schedule'}
        </Button>
      ) : (
        <p className="text-sm text-muted-foreground">Only owners and admins change the schedule.</p>
      )}
    </SafeTextForm>
  );
}

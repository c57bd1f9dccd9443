import { useId, useState } from 'react';
import {
  DISABLE_NOTE_LIMIT,
  RETURN_MESSAGE_LIMIT,
  type DisableReason,
} from '@fleetdeck/shared/device-actions';
import type { DeviceDetail, ReturnMessageView } from '@fleetdeck/shared/device-contract';
import { DisableReasonFields } from '../../../components/disable-reason-fields.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { cn } from '../../../lib/cn.ts';
import { useChangeStatus } from '../api/change-status.ts';
import { formatCount } from '../format.ts';
import { useReturnMessage } from '../api/get-return-message.ts';

/**
 * Disable a lost or stolen device. What it shows once locked is its organizational unit's return
 * message (a Chrome policy, set there or inherited): the dialog shows it and where it is set, and
 * lets owners and admins change it for that unit first. The reason stays in Fleetdeck.
 */
export function DisableDialog({
  detail,
  open,
  onClose,
}: {
  readonly detail: DeviceDetail;
  readonly open: boolean;
  readonly onClose: () => void;
}) {
  const deviceId = detail.device.deviceId;
  const change = useChangeStatus(deviceId);
  const view = useReturnMessage(deviceId, open);
  const [editing, setEditing] = useState(false);
  const [message, setMessage] = useState('');
  const [reason, setReason] = useState<DisableReason | ''>('');
  const [note, setNote] = useState('');
  const close = () => {
    setEditing(false);
    setMessage('');
    setReason('');
    setNote('');
    change.reset();
    onClose();
  };
  const trimmed = message.trim();
  const messageProblem = !editing
    ? null
    : trimmed === ''
      ? 'Write the message the device should show, or untick “Change the message”.'
      : trimmed.length > RETURN_MESSAGE_LIMIT
        ? `The message is longer than ${RETURN_MESSAGE_LIMIT.toLocaleString('en-US')} characters. Shorten it.`
        : null;
  const changing = editing && trimmed !== (view.data?.message ?? '');
  const ready = messageProblem === null && note.length <= DISABLE_NOTE_LIMIT;

  const run = () =>
    change.mutate(
      {
        action: 'disable',
        ...(reason ? { reason } : {}),
        ...(note.trim() ? { note: note.trim() } : {}),
        ...(changing ? { orgUnitReturnMessage: trimmed } : {}),
      },
      { onSuccess: close },
    );

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : close())}>
      <DialogContent
        title={`Disable ${detail.device.serialNumber ?? 'this device'}?`}
        description="The device locks at its next check-in and shows the return message of its organizational unit. Nobody can sign in until it is re-enabled."
      >
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (ready && !change.isPending) run();
          }}
        >
          <ReturnMessageSection
            view={view.data}
            loading={view.isPending}
            loadError={view.isError ? view.error.message : null}
            editing={editing}
            message={message}
            problem={messageProblem}
            onEdit={(on) => {
              setEditing(on);
              setMessage(on ? (view.data?.message ?? '') : '');
            }}
            onMessage={setMessage}
          />
          <DisableReasonFields
            reason={reason}
            note={note}
            onReason={setReason}
            onNote={setNote}
            hint="Kept in Fleetdeck's audit log and this device's timeline only; not shown on the device."
            placeholder="e.g. Left on bus 12 on Monday"
          />
          {change.isError ? <FormMessage>{change.error.message}</FormMessage> : null}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" disabled={!ready || change.isPending}>
              {change.isPending ? 'Working…' : changing ? 'Save message and disable' : 'Disable device'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

interface SectionProps {
  readonly view: ReturnMessageView | undefined;
  readonly loading: boolean;
  readonly loadError: string | null;
  readonly editing: boolean;
  readonly message: string;
  readonly problem: string | null;
  readonly onEdit: (on: boolean) => void;
  readonly onMessage: (message: string) => void;
}

function ReturnMessageSection(props: SectionProps) {
  const { view } = props;
  return (
    <section aria-label="Return message" className="flex flex-col gap-2" data-testid="return-message">
      <h3 className="text-sm font-medium">What the device will show</h3>
      {props.loading ? <Skeleton className="h-16 w-full" /> : null}
      {props.loadError ? (
        <FormMessage>
          Fleetdeck could not read the return message: {props.loadError} You can still disable the device.
        </FormMessage>
      ) : null}
      {view ? <CurrentMessage view={view} /> : null}
      {view && view.state !== 'unavailable' && view.canEdit ? <MessageEditor {...props} view={view} /> : null}
      {view && view.state !== 'unavailable' && !view.canEdit ? (
        <p className="text-xs text-muted-foreground">
          Only owners and admins can change this message: it is a policy of {view.orgUnit.path}.
        </p>
      ) : null}
    </section>
  );
}

function CurrentMessage({ view }: { view: ReturnMessageView }) {
  if (view.state === 'unavailable') {
    return (
      <p
        role="status"
        className="rounded-md bg-warning-subtle px-3 py-2 text-sm text-warning-subtle-foreground"
        data-testid="return-message-state"
      >
        Fleetdeck could not read this device&apos;s return message from Google: {view.error} You can still
        disable the device; it shows whatever its unit&apos;s policy sets.
      </p>
    );
  }
  if (view.state === 'not_set') {
    return (
      <p className="text-sm text-muted-foreground" data-testid="return-message-state">
        Not set: the device shows Google&apos;s default disabled-device screen.
      </p>
    );
  }
  const source = view.source;
  return (
    <>
      <blockquote
        className="border-l-2 border-border pl-3 text-sm break-words whitespace-pre-wrap text-muted-foreground"
        data-testid="return-message-text"
      >
        {view.message}
      </blockquote>
      <p className="text-xs text-muted-foreground" data-testid="return-message-source">
        {source === null
          ? 'Set by Google for the whole organization.'
          : source.direct
            ? `Set on ${source.path}, this device's unit.`
            : `Set on ${source.path}; ${view.orgUnit.path} inherits it.`}
      </p>
    </>
  );
}

function MessageEditor(props: SectionProps & { view: ReturnMessageView }) {
  const id = useId();
  const unit = props.view.orgUnit.path;
  const length = props.message.trim().length;
  const tooLong = length > RETURN_MESSAGE_LIMIT;
  const source = props.view.source;
  const inheritedFrom = source && !source.direct ? source.path : null;
  return (
    <div className="flex flex-col gap-1.5">
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-[var(--color-accent)]"
          checked={props.editing}
          onChange={(event) => props.onEdit(event.target.checked)}
        />
        Change the message for {unit}
      </label>
      {props.editing ? (
        <>
          <div className="flex items-baseline justify-between gap-3">
            <label htmlFor={id} className="min-w-0 text-sm font-medium break-words">
              New return message for {unit}
            </label>
            <span
              className={cn(
                'shrink-0 text-xs whitespace-nowrap tabular-nums',
                tooLong ? 'font-medium text-danger' : 'text-muted-foreground',
              )}
              data-testid="return-message-count"
            >
              {formatCount(length)} / {formatCount(RETURN_MESSAGE_LIMIT)}
            </span>
          </div>
          <Textarea
            id={id}
            value={props.message}
            rows={3}
            aria-invalid={props.problem ? true : undefined}
            onChange={(event) => props.onMessage(event.target.value)}
          />
          <p className="text-xs text-muted-foreground" data-testid="return-message-blast-radius">
            Saved as the policy of {unit}: every disabled device in {unit} and in the units inheriting from it
            shows this message, not only this device.
            {inheritedFrom ? ` ${unit} will no longer follow ${inheritedFrom}'s message.` : ''} It is saved
            first; if Google refuses it, nothing is disabled.
          </p>
          {props.problem ? <p className="text-xs font-medium text-danger">{props.problem}</p> : null}
        </>
      ) : null}
    </div>
  );
}

import { useState } from 'react';
import { DISABLE_NOTE_LIMIT, type DisableReason } from '@fleetdeck/shared/device-actions';
import type { DeviceDetail } from '@fleetdeck/shared/device-contract';
import { DisableReasonFields } from '../../../components/disable-reason-fields.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { useChangeStatus } from '../api/change-status.ts';
import { useReturnMessage } from '../api/get-return-message.ts';
import {
  disableRequest,
  effectiveChoice,
  messageProblem,
  submitLabel,
  type ReturnMessageChoice,
} from '../return-message-choice.ts';
import { ReturnMessageSection } from './return-message-section.tsx';
import { SafeTextForm } from '../../../components/ui/safe-text-form.tsx';

/**
 * Disable a lost or stolen device. What it shows once locked is its organizational unit's return
 * message (a Chrome policy, set there or inherited): the dialog shows it and where it is set, and
 * lets owners and admins change it for that unit first, or (where the unit sets its own) go back
 * to the parent unit's message. The reason stays in Fleetdeck.
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
  const [choice, setChoice] = useState<ReturnMessageChoice>('keep');
  const [message, setMessage] = useState('');
  const [reason, setReason] = useState<DisableReason | ''>('');
  const [note, setNote] = useState('');
  const close = () => {
    setChoice('keep');
    setMessage('');
    setReason('');
    setNote('');
    change.reset();
    onClose();
  };
  const form = { choice, message, reason, note };
  const problem = messageProblem(form, view.data);
  const ready = problem === null && note.length <= DISABLE_NOTE_LIMIT;
  const run = () => change.mutate(disableRequest(form, view.data), { onSuccess: close });

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : close())}>
      <DialogContent
        title={`Disable ${detail.device.serialNumber ?? 'this device'}?`}
        description="The device locks at its next check-in and shows the return message of its organizational unit. Nobody can sign in until it is re-enabled."
      >
        <SafeTextForm
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
            choice={effectiveChoice(form, view.data)}
            message={message}
            problem={problem}
            onChoice={(next) => {
              setChoice(next);
              // The editor starts from the current message, so a small edit stays small.
              setMessage(next === 'change' ? (view.data?.message ?? '') : '');
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
              {change.isPending ? 'Working…' : submitLabel(form, view.data)}
            </Button>
          </div>
        </SafeTextForm>
      </DialogContent>
    </Dialog>
  );
}

import { useId, useState } from 'react';
import { DEPROVISION_REASON_LABELS, DEPROVISION_REASONS } from '@fleetdeck/shared/device-actions';
import type { DeprovisionReason } from '@fleetdeck/shared/device-actions';
import type { DeviceDetail } from '@fleetdeck/shared/device-contract';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { confirmationWord } from '../action-rules.ts';
import { useChangeStatus } from '../api/change-status.ts';
import { DisableDialog } from './disable-dialog.tsx';
import { ConfirmWordField } from './confirm-word-field.tsx';
import { SafeTextForm } from '../../../components/ui/safe-text-form.tsx';

type StatusDialogKind = 'disable' | 'reenable' | 'deprovision';

interface StatusDialogProps {
  readonly detail: DeviceDetail;
  readonly kind: StatusDialogKind | undefined;
  readonly onClose: () => void;
}

/** Disable (lost or stolen: its own dialog, with the unit's return message), re-enable, or deprovision. */
export function StatusDialog({ detail, kind, onClose }: StatusDialogProps) {
  return (
    <>
      <DisableDialog detail={detail} open={kind === 'disable'} onClose={onClose} />
      <OtherStatusDialog detail={detail} kind={kind === 'disable' ? undefined : kind} onClose={onClose} />
    </>
  );
}

/** Deprovision: why the device leaves management, and the serial number typed to confirm. */
function DeprovisionFields({
  reason,
  onReason,
  word,
  typed,
  onTyped,
}: {
  readonly reason: DeprovisionReason | '';
  readonly onReason: (reason: DeprovisionReason | '') => void;
  readonly word: string;
  readonly typed: string;
  readonly onTyped: (typed: string) => void;
}) {
  const reasonId = useId();
  return (
    <>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={reasonId} className="text-sm font-medium">
          Reason
        </label>
        <NativeSelect
          id={reasonId}
          value={reason}
          onChange={(event) => onReason(event.target.value as DeprovisionReason | '')}
        >
          <option value="">Choose a reason…</option>
          {DEPROVISION_REASONS.map((value) => (
            <option key={value} value={value}>
              {DEPROVISION_REASON_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <ConfirmWordField word={word} typed={typed} onTyped={onTyped} />
    </>
  );
}

/** The re-enable or deprovision request, with the reason and confirmation it needs. */
function useStatusForm(
  detail: DeviceDetail,
  kind: 'reenable' | 'deprovision' | undefined,
  onClose: () => void,
) {
  const change = useChangeStatus(detail.device.deviceId);
  const [reason, setReason] = useState<DeprovisionReason | ''>('');
  const [typed, setTyped] = useState('');
  const word = confirmationWord(detail);
  const close = () => {
    setReason('');
    setTyped('');
    change.reset();
    onClose();
  };
  const run = () => {
    if (kind === 'reenable') {
      change.mutate({ action: 'reenable' }, { onSuccess: close });
    } else if (kind === 'deprovision' && reason) {
      change.mutate({ action: 'deprovision', reason }, { onSuccess: close });
    }
  };
  const ready = kind === 'reenable' ? true : reason !== '' && typed.trim() === word;
  return { change, reason, setReason, typed, setTyped, word, close, run, ready };
}

/** Re-enable, or deprovision with a reason and the serial number typed to confirm. */
function OtherStatusDialog({
  detail,
  kind,
  onClose,
}: {
  readonly detail: DeviceDetail;
  readonly kind: 'reenable' | 'deprovision' | undefined;
  readonly onClose: () => void;
}) {
  const form = useStatusForm(detail, kind, onClose);
  const { change } = form;
  const serial = detail.device.serialNumber ?? 'this device';
  const title = kind === 'reenable' ? `Re-enable ${serial}?` : `Deprovision ${serial}?`;
  const description =
    kind === 'reenable'
      ? 'The device unlocks at its next check-in and people can sign in again.'
      : 'The device leaves management and loses its license and policies. This cannot be undone from Fleetdeck: it must be re-enrolled by hand.';

  return (
    <Dialog open={kind !== undefined} onOpenChange={(open) => (open ? undefined : form.close())}>
      <DialogContent title={title} description={description}>
        <SafeTextForm
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (form.ready && !change.isPending) form.run();
          }}
        >
          {kind === 'deprovision' ? (
            <DeprovisionFields
              reason={form.reason}
              onReason={form.setReason}
              word={form.word}
              typed={form.typed}
              onTyped={form.setTyped}
            />
          ) : null}
          {change.isError ? <FormMessage>{change.error.message}</FormMessage> : null}
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={form.close}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant={kind === 'reenable' ? 'primary' : 'danger'}
              disabled={!form.ready || change.isPending}
            >
              {change.isPending
                ? 'Working…'
                : kind === 'reenable'
                  ? 'Re-enable device'
                  : 'Deprovision device'}
            </Button>
          </div>
        </SafeTextForm>
      </DialogContent>
    </Dialog>
  );
}

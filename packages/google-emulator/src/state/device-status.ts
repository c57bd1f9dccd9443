/**
 * Device status changes shared by batchChangeStatus and the legacy `action` method: which
 * transitions are legal and what each one does to the device.
 */
import { freezeCheckins } from './device-life.ts';
import { DEPROVISION_REASONS, STATUS, type DeprovisionReason } from './device-table.ts';
import type { Fleet } from './fleet.ts';

export type StatusAction = 'DEPROVISION' | 'DISABLE' | 'REENABLE';

/** Why a transition is refused; undefined when it is allowed. */
export function statusChangeProblem(fleet: Fleet, row: number, action: StatusAction): string | undefined {
  const status = fleet.devices.status[row];
  if (status === STATUS.PRE_PROVISIONED) return 'The device has not been enrolled.';
  if (status === STATUS.DEPROVISIONED) return 'The device is already deprovisioned.';
  if (action === 'DISABLE' && status === STATUS.DISABLED) return 'The device is already disabled.';
  if (action === 'REENABLE' && status !== STATUS.DISABLED) return 'The device is not disabled.';
  return undefined;
}

/** Applies an allowed transition (check `statusChangeProblem` first). */
export function changeStatus(
  fleet: Fleet,
  row: number,
  action: StatusAction,
  now: number,
  reason?: DeprovisionReason,
): void {
  const d = fleet.devices;
  switch (action) {
    case 'DEPROVISION':
      freezeCheckins(fleet, row, now);
      d.status[row] = STATUS.DEPROVISIONED;
      d.deprovisionedAt[row] = now;
      d.deprovisionReason[row] = Math.max(
        0,
        DEPROVISION_REASONS.indexOf(reason ?? 'DEPROVISION_REASON_UNSPECIFIED'),
      );
      break;
    case 'DISABLE':
      d.status[row] = STATUS.DISABLED;
      break;
    case 'REENABLE':
      d.status[row] = STATUS.ACTIVE;
      break;
  }
  d.touch(row);
}

/**
 * The bodies of the Directory device actions (reference §1.3): device ids, batchChangeStatus's
 * action and deprovision reason, and the deprecated `action` verb, each checked as Google does.
 */
import { GoogleApiError, invalidArgument, invalidInput } from '../http/google-errors.ts';
import { DEPROVISION_REASONS, type DeprovisionReason } from '../state/device-table.ts';
import type { StatusAction } from '../state/device-status.ts';

/** Documented maximum of device ids per moveDevicesToOu / batchChangeStatus call. */
export const MAX_IDS_PER_CALL = 50;

export function objectBody(body: unknown): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw invalidArgument('Invalid JSON payload received. Expected an object.', 'parseError');
  }
  return body as Record<string, unknown>;
}

export function deviceIdsOf(body: unknown): string[] {
  const ids = objectBody(body).deviceIds;
  if (
    !Array.isArray(ids) ||
    ids.length === 0 ||
    !ids.every((id) => typeof id === 'string' && id.length <= 100)
  ) {
    throw new GoogleApiError({ httpStatus: 400, reason: 'required', message: 'Required field: deviceIds' });
  }
  if (ids.length > MAX_IDS_PER_CALL) {
    throw invalidInput(`A maximum of ${MAX_IDS_PER_CALL} device ids is allowed per request`);
  }
  return ids as string[];
}

const BATCH_ACTIONS: Readonly<Record<string, StatusAction>> = {
  CHANGE_CHROME_OS_DEVICE_STATUS_ACTION_DEPROVISION: 'DEPROVISION',
  CHANGE_CHROME_OS_DEVICE_STATUS_ACTION_DISABLE: 'DISABLE',
  CHANGE_CHROME_OS_DEVICE_STATUS_ACTION_REENABLE: 'REENABLE',
};

export function batchAction(value: unknown): StatusAction {
  const action = typeof value === 'string' ? BATCH_ACTIONS[value] : undefined;
  if (!action) {
    throw new GoogleApiError({
      httpStatus: 400,
      reason: 'invalid',
      message:
        'Invalid value for changeChromeOsDeviceStatusAction: an action other than UNSPECIFIED is required.',
    });
  }
  return action;
}

export function deprovisionReason(value: unknown): DeprovisionReason {
  const reason = DEPROVISION_REASONS.find((r) => r === value);
  if (!reason || reason === 'DEPROVISION_REASON_UNSPECIFIED') {
    throw new GoogleApiError({
      httpStatus: 400,
      reason: 'invalid',
      message: 'A deprovision reason is required to deprovision devices.',
    });
  }
  return reason;
}

const LEGACY_REASONS: Readonly<Record<string, DeprovisionReason>> = {
  same_model_replacement: 'DEPROVISION_REASON_SAME_MODEL_REPLACEMENT',
  different_model_replacement: 'DEPROVISION_REASON_DIFFERENT_MODEL_REPLACEMENT',
  retiring_device: 'DEPROVISION_REASON_RETIRING_DEVICE',
  upgrade_transfer: 'DEPROVISION_REASON_UPGRADE_TRANSFER',
};

export function legacyAction(body: Record<string, unknown>): {
  action: StatusAction;
  reason?: DeprovisionReason;
} {
  switch (body.action) {
    case 'disable':
    case 'pre_provisioned_disable':
      return { action: 'DISABLE' };
    case 'reenable':
    case 'pre_provisioned_reenable':
      return { action: 'REENABLE' };
    case 'deprovision': {
      const reason = LEGACY_REASONS[String(body.deprovisionReason)];
      if (!reason) throw invalidInput('deprovisionReason is required to deprovision a device');
      return { action: 'DEPROVISION', reason };
    }
    default:
      throw invalidInput(`Invalid action: ${String(body.action)}`);
  }
}

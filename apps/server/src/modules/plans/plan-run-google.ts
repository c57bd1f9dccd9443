import type { GoogleClient } from '@fleetdeck/google/google-client';
import type { ChromeOsDevice } from '@fleetdeck/google/directory/chromeos-device.schema';
import type { DeviceBatchOutcome } from '@fleetdeck/google/directory/device-batches';
import { GoogleApiError, GoogleNotFoundError, GoogleRateLimitError } from '@fleetdeck/google/errors';
import { STATUS_ACTIONS } from '../devices/device-actions.service.ts';
import { describeFailure, rpcCodeCanSucceedOnRetry, stopsTheRun } from '../devices/google-action-errors.ts';
import type { DeviceNow, Part } from './plan-run-checks.ts';
import { TEXT_FIELDS, type RunItem } from './plan-run.repository.ts';

/**
 * One call to Google for a group of a plan's items, and what it came to for each: done, refused
 * (Google answers the same every time), quota (Google did not act: wait, send again), unknown
 * (Google may or may not have acted: read the device before sending again) or stop (the grant or
 * the admin's privilege is gone: later calls would fail too). The Google client of a plan run
 * retries nothing by itself, so every call Google sees took a turn of the write budget.
 */

export type CallOutcome =
  | { readonly kind: 'done'; readonly device?: ChromeOsDevice | undefined }
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'quota'; readonly message: string; readonly retryAfterMs?: number | undefined }
  | { readonly kind: 'unknown'; readonly message: string }
  | { readonly kind: 'stop'; readonly message: string };

/** The organization's live units: stored spelling and id of a path written in any case. */
export type UnitOf = (path: string) => { path: string; id: string } | undefined;

const READ_FIELDS = 'deviceId,orgUnitPath,annotatedAssetId,annotatedLocation,annotatedUser,notes,status';

function fromError(error: unknown): CallOutcome {
  const message = describeFailure(error);
  if (error instanceof GoogleRateLimitError)
    return { kind: 'quota', message, retryAfterMs: error.retryAfterMs };
  if (stopsTheRun(error)) return { kind: 'stop', message };
  if (error instanceof GoogleApiError) {
    const definite = error.status >= 400 && error.status < 500 && error.status !== 408;
    return definite ? { kind: 'failed', message } : { kind: 'unknown', message };
  }
  return { kind: 'unknown', message };
}

function fromBatch(outcome: DeviceBatchOutcome | undefined): CallOutcome {
  if (!outcome) return { kind: 'unknown', message: 'Google returned no result for this device.' };
  if (outcome.status === 'succeeded') return { kind: 'done' };
  if ('error' in outcome && outcome.error) return fromError(outcome.error);
  if (outcome.status === 'failed')
    return rpcCodeCanSucceedOnRetry(outcome.rpcCode)
      ? { kind: 'unknown', message: `Google could not change it this time: ${outcome.message}` }
      : { kind: 'failed', message: `Google refused: ${outcome.message}` };
  return { kind: 'unknown', message: outcome.message };
}

/** Why: one call (a move or a status change of up to 50 devices, or one device's fields). */
export async function sendPart(
  google: GoogleClient,
  part: Part,
  items: readonly RunItem[],
  unitOf: UnitOf,
): Promise<Map<number, CallOutcome>> {
  const all = (outcome: CallOutcome) => new Map(items.map((item) => [item.item_no, outcome]));
  const first = items[0];
  if (!first) return new Map();
  const target = first.change.orgUnitPath === undefined ? undefined : unitOf(first.change.orgUnitPath);
  if (part !== 'status' && first.change.orgUnitPath !== undefined && !target)
    return all({
      kind: 'failed',
      message: `The unit ${first.change.orgUnitPath} no longer exists at Google, so the device was not moved.`,
    });
  try {
    if (part === 'patch') {
      const fields: Record<string, string> = {};
      for (const field of TEXT_FIELDS)
        if (first.change[field] !== undefined) fields[field] = first.change[field];
      if (target) Object.assign(fields, { orgUnitPath: target.path, orgUnitId: target.id });
      const device = await google.directory.patchChromeOsDevice(first.device_id, fields, {
        projection: 'FULL',
      });
      return all({ kind: 'done', device });
    }
    const ids = items.map((item) => item.device_id);
    const batch =
      part === 'move'
        ? await google.directory.moveDevicesToOu(ids, target?.path ?? '/')
        : await google.directory.batchChangeStatus({
            deviceIds: ids,
            action: STATUS_ACTIONS[first.change.status === 'disable' ? 'disable' : 'reenable'].wire,
          });
    const byDevice = new Map(batch.results.map((outcome) => [outcome.deviceId, outcome]));
    return new Map(items.map((item) => [item.item_no, fromBatch(byDevice.get(item.device_id))]));
  } catch (error) {
    return all(fromError(error));
  }
}

/**
 * Why: before sending again a call whose outcome is unknown (a crash, a timeout), Google's own
 * state says whether it landed. A device Google no longer knows is `gone`; a read that failed
 * leaves the device unknown (undefined), to be asked again later.
 */
export async function readAtGoogle(
  google: GoogleClient,
  deviceIds: readonly string[],
): Promise<Map<string, DeviceNow | 'gone'>> {
  const answers = await google.directory.batchGetChromeOsDevices(deviceIds, { fields: READ_FIELDS });
  const states = new Map<string, DeviceNow | 'gone'>();
  answers.forEach((answer, index) => {
    const id = deviceIds[index];
    if (id === undefined) return;
    if (answer.ok) states.set(id, deviceNow(answer.value));
    else if (answer.error instanceof GoogleNotFoundError) states.set(id, 'gone');
  });
  return states;
}

export function deviceNow(device: Partial<ChromeOsDevice>): DeviceNow {
  return {
    orgUnitPath: device.orgUnitPath ?? null,
    annotatedAssetId: device.annotatedAssetId ?? null,
    annotatedLocation: device.annotatedLocation ?? null,
    annotatedUser: device.annotatedUser ?? null,
    notes: device.notes ?? null,
    status: device.status ?? null,
  };
}

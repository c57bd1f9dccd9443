import type { AuditAction } from '@fleetdeck/shared/audit-actions';
import type { ChromeOsDevice } from '@fleetdeck/google/directory/chromeos-device.schema';
import type { RequestDeprovisionReason } from '@fleetdeck/google/directory/device-status-change.schema';
import type { DeviceBatchOutcome } from '@fleetdeck/google/directory/device-batches';
import {
  DISABLE_REASON_LABELS,
  type DeprovisionReason,
  type DisableReason,
} from '@fleetdeck/shared/device-actions';
import type {
  AnnotateDeviceRequest,
  ChangeStatusRequest,
  DeviceDetail,
} from '@fleetdeck/shared/device-contract';
import { AppError, appErrors, reworded } from '../../errors/app-error.ts';
import { deviceErrors } from '../../errors/device-errors.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { DeviceDeps, RequestMeta } from './device-context.ts';
import { recordDeviceNote, writeDevicesFromGoogle } from './device-copy.ts';
import { presentDetail, rememberActiveTime } from './device-detail.service.ts';
import { toDeviceActionError } from './google-action-errors.ts';
import {
  inScope,
  requireDevice,
  requireLiveDevice,
  type DeviceTenant,
  type StoredDevice,
} from './device-tenant.ts';
import { setOrgUnitReturnMessage } from './return-message-write.ts';
import { inheritOrgUnitReturnMessage } from './return-message-inherit.ts';

/**
 * One device's actions: edit the annotated fields, move it to another OU, disable / re-enable /
 * deprovision it. Each asks Google first; only Google's answer changes our copy, in one
 * transaction with its history rows and the audit event; then the organization's pages are told.
 * A refusal is audited too and answered with what Google said.
 */

/** Google's wire reasons for the reasons Fleetdeck offers. */
export const DEPROVISION_WIRE_REASONS: Readonly<Record<DeprovisionReason, RequestDeprovisionReason>> = {
  same_model_replacement: 'DEPROVISION_REASON_SAME_MODEL_REPLACEMENT',
  different_model_replacement: 'DEPROVISION_REASON_DIFFERENT_MODEL_REPLACEMENT',
  retiring_device: 'DEPROVISION_REASON_RETIRING_DEVICE',
  upgrade_transfer: 'DEPROVISION_REASON_UPGRADE_TRANSFER',
};

export const STATUS_ACTIONS = {
  disable: { wire: 'CHANGE_CHROME_OS_DEVICE_STATUS_ACTION_DISABLE', status: 'DISABLED' },
  reenable: { wire: 'CHANGE_CHROME_OS_DEVICE_STATUS_ACTION_REENABLE', status: 'ACTIVE' },
  deprovision: { wire: 'CHANGE_CHROME_OS_DEVICE_STATUS_ACTION_DEPROVISION', status: 'DEPROVISIONED' },
} as const;

interface Ctx {
  readonly deps: DeviceDeps;
  readonly tenant: DeviceTenant;
  readonly meta: RequestMeta;
}

/** Why: notes, asset ID, location and user are Google's fields; Google validates and stores them first. */
export async function annotateDevice(
  ctx: Ctx,
  deviceId: string,
  changes: AnnotateDeviceRequest,
): Promise<DeviceDetail> {
  const device = requireLiveDevice(await requireDevice(ctx.deps.db, ctx.tenant, deviceId));
  const fields = Object.keys(changes);
  const updated = await callGoogle(ctx, 'device.annotate', device.device_id, { fields }, () =>
    ctx.deps.googleFor(ctx.tenant).directory.patchChromeOsDevice(device.device_id, changes, {
      projection: 'FULL',
    }),
  );
  return commit(ctx, 'device.annotate', updated, { fields });
}

/** Why: a move goes through Google's moveDevicesToOu, then the device is read back as Google holds it. */
export async function moveDevice(ctx: Ctx, deviceId: string, orgUnitId: string): Promise<DeviceDetail> {
  const device = requireLiveDevice(await requireDevice(ctx.deps.db, ctx.tenant, deviceId));
  const target = await requireTargetOu(ctx, orgUnitId);
  const details = { from: device.org_unit_path, to: target.org_unit_path };
  const updated = await callGoogle(ctx, 'device.move', device.device_id, details, async () => {
    const google = ctx.deps.googleFor(ctx.tenant);
    const result = await google.directory.moveDevicesToOu([device.device_id], target.org_unit_path);
    throwIfRefused(result.results[0], result.stoppedBy);
    return google.directory.getChromeOsDevice(device.device_id, { projection: 'FULL' });
  });
  return commit(ctx, 'device.move', updated, details);
}

/**
 * Why: disable, re-enable and deprovision share Google's batchChangeStatus, which answers per device.
 * A disable that carries a new return message (or asks for the parent unit's) writes it on the
 * device's OU first; if that write fails nothing is disabled. A disable reason is Fleetdeck's own record (audit log and timeline).
 */
export async function changeDeviceStatus(
  ctx: Ctx,
  deviceId: string,
  request: ChangeStatusRequest,
): Promise<DeviceDetail> {
  const device = requireLiveDevice(await requireDevice(ctx.deps.db, ctx.tenant, deviceId));
  const action = `device.${request.action}` as const;
  const details = statusDetails(request);
  const messageChange =
    request.action === 'disable' ? await returnMessageBeforeDisable(ctx, device, request) : undefined;
  if (messageChange) details.returnMessage = messageChange.details;
  const call = async () => {
    const google = ctx.deps.googleFor(ctx.tenant);
    const result = await google.directory.batchChangeStatus({
      deviceIds: [device.device_id],
      action: STATUS_ACTIONS[request.action].wire,
      ...(request.action === 'deprovision'
        ? { deprovisionReason: DEPROVISION_WIRE_REASONS[request.reason] }
        : {}),
    });
    throwIfRefused(result.results[0], result.stoppedBy);
    return google.directory.getChromeOsDevice(device.device_id, { projection: 'FULL' });
  };
  const updated = await callGoogle(ctx, action, device.device_id, details, call).catch((error: unknown) => {
    throw messageChange?.changed ? savedButNotDisabled(error, messageChange) : error;
  });
  const reason = request.action === 'disable' ? disableReasonText(request) : null;
  return commit(ctx, action, updated, details, reason);
}

interface MessageBeforeDisable {
  readonly orgUnitPath: string;
  readonly inherited: boolean;
  readonly changed: boolean;
  /** What the disable's audit event says about the message. */
  readonly details: Record<string, unknown>;
}

/**
 * Why: a disable may first set its OU's return message, or send the OU back to its parent's
 * (`inheritOrgUnitReturnMessage`); either is written before the disable, which does not happen
 * if the write fails.
 */
async function returnMessageBeforeDisable(
  ctx: Ctx,
  device: StoredDevice,
  request: Extract<ChangeStatusRequest, { action: 'disable' }>,
): Promise<MessageBeforeDisable | undefined> {
  if (request.orgUnitReturnMessage !== undefined) {
    const change = await setOrgUnitReturnMessage(ctx, device, request.orgUnitReturnMessage);
    const { path } = change.orgUnit;
    const details = { orgUnitPath: path, message: change.newMessage, changed: change.changed };
    return { orgUnitPath: path, inherited: false, changed: change.changed, details };
  }
  if (!request.inheritOrgUnitReturnMessage) return undefined;
  const inherit = await inheritOrgUnitReturnMessage(ctx, device);
  const { path } = inherit.orgUnit;
  const details = {
    orgUnitPath: path,
    inheritedFrom: inherit.parentPath,
    message: inherit.newMessage,
    changed: inherit.changed,
  };
  return { orgUnitPath: path, inherited: true, changed: inherit.changed, details };
}

/** Why: the admin must learn that the message did change even though the disable did not happen. */
function savedButNotDisabled(error: unknown, change: MessageBeforeDisable): unknown {
  if (!(error instanceof AppError)) return error;
  const what = change.inherited
    ? `${change.orgUnitPath} now uses its parent unit's return message`
    : `The new return message for ${change.orgUnitPath} was saved`;
  return reworded(error, `${what}, but the device was not disabled: ${error.message}`);
}

/** "Lost: left on bus 12", or null when no reason was given. */
function disableReasonText(request: { reason?: DisableReason | undefined; note?: string | undefined }) {
  const label = request.reason ? DISABLE_REASON_LABELS[request.reason] : null;
  const note = request.note?.trim() || null;
  if (label && note) return `${label}: ${note}`;
  return label ?? note;
}

/** Why: the audit log shows what was asked: the deprovision reason, or the disable reason and note. */
export function statusDetails(request: {
  action: string;
  reason?: string | undefined;
  note?: string | undefined;
}): Record<string, unknown> {
  const details: Record<string, unknown> = {};
  if (request.reason) details.reason = request.reason;
  if (request.note?.trim()) details.note = request.note.trim();
  return details;
}

/** Why: the target OU must be one we know in this organization and inside the caller's subtrees. */
export async function requireTargetOu(ctx: Pick<Ctx, 'deps' | 'tenant'>, orgUnitId: string) {
  const ou = await ctx.deps.db
    .selectFrom('fleet_org_unit')
    .select(['org_unit_id', 'org_unit_path'])
    .where('org_id', '=', ctx.tenant.orgId)
    .where('org_unit_id', '=', orgUnitId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!ou || !inScope(ctx.tenant, ou.org_unit_path)) {
    throw appErrors.notFound(
      'This organizational unit was not found in this organization (or lies outside yours). Pick another one, or run a sync.',
    );
  }
  return ou;
}

/** A single-device bulk outcome that is not a success becomes the error the page shows. */
function throwIfRefused(outcome: DeviceBatchOutcome | undefined, stoppedBy: Error | undefined): void {
  if (outcome?.status === 'succeeded') return;
  if (outcome && 'error' in outcome && outcome.error) throw outcome.error;
  if (stoppedBy) throw stoppedBy;
  throw deviceErrors.deviceRefused(
    `Google refused the change: ${outcome && 'message' in outcome ? outcome.message : 'no result for this device'}.`,
    outcome?.status === 'unknown',
  );
}

async function callGoogle<T>(
  ctx: Ctx,
  action: AuditAction,
  deviceId: string,
  details: Record<string, unknown>,
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const mapped = toDeviceActionError(error);
    await recordAudit(ctx.deps.db, {
      ...auditBase(ctx, action, deviceId),
      outcome: 'failure',
      details: { ...details, error: mapped instanceof Error ? mapped.message : String(mapped) },
    });
    throw mapped;
  }
}

async function commit(
  ctx: Ctx,
  action: AuditAction,
  device: ChromeOsDevice,
  details: Record<string, unknown>,
  disableReason: string | null = null,
): Promise<DeviceDetail> {
  rememberActiveTime(ctx.tenant.orgId, device);
  await ctx.deps.db.transaction().execute(async (tx) => {
    await writeDevicesFromGoogle(tx, ctx.tenant, [device], { userId: ctx.tenant.userId });
    await recordAudit(tx, { ...auditBase(ctx, action, device.deviceId), outcome: 'success', details });
    if (disableReason !== null) {
      await recordDeviceNote(tx, ctx.tenant.orgId, device.deviceId, {
        field: 'disableReason',
        oldValue: null,
        newValue: disableReason,
        actorUserId: ctx.tenant.userId,
      });
    }
  });
  ctx.deps.publishChanged(ctx.tenant.orgId, { deviceIds: [device.deviceId] });
  const row = await requireDevice(ctx.deps.db, ctx.tenant, device.deviceId).catch(() => undefined);
  if (!row) throw appErrors.notFound('The device moved outside your organizational units.');
  return presentDetail(ctx.deps, ctx.tenant, row, { live: false });
}

/** Why: every device audit event names the organization, the member, the device and the request. */
export function auditBase(ctx: Ctx, action: AuditAction, deviceId: string) {
  return {
    action,
    orgId: ctx.tenant.orgId,
    actorUserId: ctx.tenant.userId,
    targetType: 'device',
    targetId: deviceId,
    ip: ctx.meta.ip,
    userAgent: ctx.meta.userAgent,
    requestId: ctx.meta.requestId,
  };
}

import { sql } from 'kysely';
import { orgUnitTargetResource } from '@fleetdeck/google/google-ids';
import { RETURN_MESSAGE_POLICY } from '@fleetdeck/shared/device-actions';
import { roleCan } from '@fleetdeck/shared/permissions';
import { AppError, appErrors, reworded } from '../../errors/app-error.ts';
import { deviceErrors } from '../../errors/device-errors.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { Executor } from '../fleet-store/device-page-writer.ts';
import { recordDeviceNote } from './device-copy.ts';
import { inScope, type StoredDevice } from './device-tenant.ts';
import { toDeviceActionError } from './google-action-errors.ts';
import {
  deviceOrgUnit,
  resolveReturnMessage,
  type Ctx,
  type OrgUnitRef,
  type ResolvedReturnMessage,
} from './return-message.ts';

/**
 * Changing a unit's return message at Google before a disable (decision 027): a new message
 * here, the parent's in return-message-inherit.ts. Both share the bookkeeping below (audit,
 * timeline note, the policy debugger's cache) and the words for Google's refusals.
 */

export interface ReturnMessageChange {
  readonly orgUnit: OrgUnitRef;
  readonly oldMessage: string | null;
  readonly newMessage: string;
  /** False when the unit already showed this exact message (nothing was written). */
  readonly changed: boolean;
}

/**
 * Why: writes the return message on the device's OU before a disable. Reads the current value
 * first (for the audit's old → new), writes through batchModify with updateMask
 * `deviceDisabledMessage`, then audits it and adds it to the device's timeline. Any failure
 * throws an error saying nothing was disabled; the caller must not disable then.
 */
export async function setOrgUnitReturnMessage(
  ctx: Ctx,
  device: StoredDevice,
  newMessage: string,
): Promise<ReturnMessageChange> {
  const ou = editableReturnMessageUnit(ctx, device);
  const details = { orgUnitId: ou.id, orgUnitPath: ou.path, schema: RETURN_MESSAGE_POLICY.schema };
  const fail = async (error: unknown, step: 'read' | 'write', oldMessage?: string | null) => {
    const mapped = refusal(error, ou, step);
    await recordAudit(ctx.deps.db, {
      ...auditOf(ctx, ou, 'policy.return_message'),
      outcome: 'failure',
      details: { ...details, deviceId: device.device_id, newMessage, oldMessage, error: mapped.message },
    });
    return mapped;
  };
  let current: ResolvedReturnMessage;
  try {
    current = await resolveReturnMessage(ctx, ou);
  } catch (error) {
    throw await fail(error, 'read');
  }
  const oldMessage = current.message;
  if (oldMessage === newMessage) return { orgUnit: ou, oldMessage, newMessage, changed: false };
  try {
    await ctx.deps.googleFor(ctx.tenant).policy.batchModifyOrgUnitPolicies([
      {
        policyTargetKey: { targetResource: orgUnitTargetResource(ou.id) },
        policyValue: {
          policySchema: RETURN_MESSAGE_POLICY.schema,
          value: { [RETURN_MESSAGE_POLICY.field]: newMessage },
        },
        updateMask: RETURN_MESSAGE_POLICY.field,
      },
    ]);
  } catch (error) {
    throw await fail(error, 'write', oldMessage);
  }
  await recordReturnMessageChange(ctx, ou, device.device_id, {
    action: 'policy.return_message',
    field: 'returnMessage',
    oldMessage,
    newMessage,
    details: { ...details, deviceId: device.device_id, oldSource: current.source?.path ?? null },
  });
  return { orgUnit: ou, oldMessage, newMessage, changed: true };
}

/**
 * Why: both writes change the device's OU for every device in it, so they need `policy.edit`
 * (owners and admins), not only the right to disable, and the unit must lie within the member's
 * scope. Returns that unit.
 */
export function editableReturnMessageUnit(ctx: Ctx, device: StoredDevice): OrgUnitRef {
  if (!roleCan(ctx.tenant.role, 'policy.edit')) {
    throw appErrors.forbidden(
      "Your role may disable devices but not change an organizational unit's return message (a Chrome policy). Disable without changing it, or ask an owner or admin.",
    );
  }
  const ou = deviceOrgUnit(device);
  if (!inScope(ctx.tenant, ou.path)) throw appErrors.notFound('This organizational unit lies outside yours.');
  return ou;
}

/**
 * Why: a unit's message Google has changed is audited (old → new), noted on the device's timeline
 * and drops the policy debugger's cached values, all in one transaction.
 */
export async function recordReturnMessageChange(
  ctx: Ctx,
  ou: OrgUnitRef,
  deviceId: string,
  change: {
    readonly action: 'policy.return_message' | 'policy.return_message_inherited';
    readonly field: 'returnMessage' | 'returnMessageInherited';
    readonly oldMessage: string | null;
    readonly newMessage: string | null;
    readonly details: Record<string, unknown>;
  },
): Promise<void> {
  const { oldMessage, newMessage } = change;
  await ctx.deps.db.transaction().execute(async (tx) => {
    await recordAudit(tx, {
      ...auditOf(ctx, ou, change.action),
      outcome: 'success',
      details: { ...change.details, oldMessage, newMessage },
    });
    await recordDeviceNote(tx, ctx.tenant.orgId, deviceId, {
      field: change.field,
      oldValue: oldMessage,
      newValue: newMessage,
      actorUserId: ctx.tenant.userId,
      ref: ou.path,
    });
    await forgetResolvedDevicePolicies(tx, ctx.tenant.orgId);
  });
}

/** Why: the policy debugger caches resolved values; every unit below a changed one may differ now. */
export async function forgetResolvedDevicePolicies(db: Executor, orgId: string): Promise<void> {
  await sql`delete from policy_resolved_cache where org_id = ${orgId} and namespace = 'chrome.devices'`.execute(
    db,
  );
}

/** Why: both return message writes audit the unit, the member and the request alike. */
export function auditOf(
  ctx: Ctx,
  ou: OrgUnitRef,
  action: 'policy.return_message' | 'policy.return_message_inherited',
) {
  return {
    action,
    orgId: ctx.tenant.orgId,
    actorUserId: ctx.tenant.userId,
    targetType: 'org_unit',
    targetId: ou.id,
    ip: ctx.meta.ip,
    userAgent: ctx.meta.userAgent,
    requestId: ctx.meta.requestId,
  };
}

/**
 * Google's refusal in words that say what happened to the message and to the device. Steps:
 * `read` the unit's message, `read-parent` the parent's, `write` a new one, `inherit` (remove the
 * unit's own so it follows its parent's).
 */
export function refusal(
  error: unknown,
  ou: OrgUnitRef,
  step: 'read' | 'read-parent' | 'write' | 'inherit',
  parentPath?: string,
): AppError {
  const mapped = toDeviceActionError(error);
  if (!(mapped instanceof AppError)) {
    const verb = step === 'inherit' ? 'remove' : step === 'write' ? 'write' : 'read';
    return deviceErrors.returnMessageFailed(
      `Fleetdeck could not ${verb} the return message of ${step === 'read-parent' ? (parentPath ?? 'the parent unit') : ou.path}. The device was not disabled; try again.`,
    );
  }
  const why =
    mapped.id === 'google_permission_denied'
      ? 'Google refused: the connected Google admin may not manage Chrome policies of this unit. Ask a Google super admin for the Chrome Management settings privilege, or reconnect Google with an admin who has it.'
      : mapped.id === 'device_gone_at_google'
        ? 'Google does not know this organizational unit any more. Run a sync, then try again.'
        : mapped.message;
  const what = {
    read: `Fleetdeck could not read the current return message of ${ou.path}, so it changed nothing and did not disable the device.`,
    'read-parent': `Fleetdeck could not read the return message of ${parentPath ?? 'the parent unit'}, which ${ou.path} would use, so it changed nothing and did not disable the device.`,
    write: `Google did not save the new return message for ${ou.path}, so the device was not disabled.`,
    inherit: `Google did not switch ${ou.path} to its parent unit's return message (its own message stays), so the device was not disabled.`,
  }[step];
  return reworded(mapped, `${what} ${why}`);
}

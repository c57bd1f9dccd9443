import { orgUnitTargetResource } from '@fleetdeck/google/google-ids';
import { RETURN_MESSAGE_POLICY } from '@fleetdeck/shared/device-actions';
import { appErrors } from '../../errors/app-error.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { StoredDevice } from './device-tenant.ts';
import {
  auditOf,
  editableReturnMessageUnit,
  recordReturnMessageChange,
  refusal,
} from './return-message-write.ts';
import {
  orgUnitIdAt,
  parentPathOf,
  resolveReturnMessage,
  type Ctx,
  type OrgUnitRef,
  type ResolvedReturnMessage,
} from './return-message.ts';

/**
 * "Use the parent unit's message": before a disable, the return message set on the device's own
 * OU is removed (Chrome Policy `orgunits:batchInherit`), so the unit shows its parent's effective
 * message again, as if it had never set one. The opposite of setOrgUnitReturnMessage.
 */

export interface ReturnMessageInherit {
  readonly orgUnit: OrgUnitRef;
  readonly parentPath: string;
  readonly oldMessage: string | null;
  /** The parent's effective message, which the device shows now (null: Google's default screen). */
  readonly newMessage: string | null;
  /** False when the unit already followed its parent (nothing was written). */
  readonly changed: boolean;
}

/**
 * Why: reads the unit's message (it must be set there to be removed) and the parent's (what the
 * device will show, for the audit's old → new), calls batchInherit, then audits it
 * (`policy.return_message_inherited`) and adds it to the device's timeline. Any failure throws
 * an error saying nothing was disabled; the caller must not disable then.
 */
export async function inheritOrgUnitReturnMessage(
  ctx: Ctx,
  device: StoredDevice,
): Promise<ReturnMessageInherit> {
  const ou = editableReturnMessageUnit(ctx, device);
  const parentPath = parentPathOf(ou.path);
  if (parentPath === null) {
    throw appErrors.conflict(
      'This device sits in the top organizational unit, which has no parent to take a return message from. Change the message instead, or disable without changing it.',
    );
  }
  const details = {
    orgUnitId: ou.id,
    orgUnitPath: ou.path,
    parentPath,
    schema: RETURN_MESSAGE_POLICY.schema,
    deviceId: device.device_id,
  };
  const fail = async (
    error: unknown,
    step: 'read' | 'read-parent' | 'inherit',
    oldMessage?: string | null,
  ) => {
    const mapped = refusal(error, ou, step, parentPath);
    await recordAudit(ctx.deps.db, {
      ...auditOf(ctx, ou, 'policy.return_message_inherited'),
      outcome: 'failure',
      details: { ...details, oldMessage, error: mapped.message },
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
  // Already following a parent: the device shows the parent's message as asked; nothing to write.
  if (!current.source?.direct) {
    return { orgUnit: ou, parentPath, oldMessage, newMessage: oldMessage, changed: false };
  }
  let parent: ResolvedReturnMessage;
  try {
    parent = await readParent(ctx, parentPath);
  } catch (error) {
    throw await fail(error, 'read-parent', oldMessage);
  }
  try {
    await ctx.deps.googleFor(ctx.tenant).policy.batchInheritOrgUnitPolicies([
      {
        policyTargetKey: { targetResource: orgUnitTargetResource(ou.id) },
        policySchema: RETURN_MESSAGE_POLICY.schema,
      },
    ]);
  } catch (error) {
    throw await fail(error, 'inherit', oldMessage);
  }
  await recordReturnMessageChange(ctx, ou, device.device_id, {
    action: 'policy.return_message_inherited',
    field: 'returnMessageInherited',
    oldMessage,
    newMessage: parent.message,
    details: { ...details, oldSource: ou.path, newSource: parent.source?.path ?? null },
  });
  return { orgUnit: ou, parentPath, oldMessage, newMessage: parent.message, changed: true };
}

/** The parent's effective message (what the unit inherits); it must be a unit Fleetdeck has synced. */
async function readParent(ctx: Ctx, parentPath: string): Promise<ResolvedReturnMessage> {
  const id = await orgUnitIdAt(ctx, parentPath);
  if (id === undefined) {
    throw appErrors.conflict(
      `Fleetdeck does not know ${parentPath}, the parent unit, yet. Run a sync, then try again.`,
    );
  }
  return resolveReturnMessage(ctx, { id, path: parentPath });
}

import { sql } from 'kysely';
import { bareOrgUnitId, orgUnitTargetResource } from '@fleetdeck/google/google-ids';
import { RETURN_MESSAGE_LIMIT, RETURN_MESSAGE_POLICY } from '@fleetdeck/shared/device-actions';
import type { ReturnMessageView, UnitReturnMessage } from '@fleetdeck/shared/device-contract';
import type { BulkPreview } from '@fleetdeck/shared/bulk-contract';
import { roleCan } from '@fleetdeck/shared/permissions';
import { AppError, appErrors } from '../../errors/app-error.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { Executor } from '../fleet-store/device-page-writer.ts';
import { toPolicyError } from '../policy/policy-errors.ts';
import type { DeviceDeps, RequestMeta } from './device-context.ts';
import { recordDeviceNote } from './device-copy.ts';
import { DEVICE_ACTION_ERROR_IDS, toDeviceActionError } from './google-action-errors.ts';
import { inScope, requireDevice, type DeviceTenant, type StoredDevice } from './device-tenant.ts';

/**
 * What a disabled Chromebook shows: the `deviceDisabledMessage` of the Chrome policy
 * `chrome.devices.DisabledDeviceReturnInstructions` resolved for its OU (set there or inherited
 * from a parent). Google's disable call carries no message, so Fleetdeck reads this policy to
 * show it and writes it (on the device's OU, for every device that inherits it) when asked.
 */

export interface Ctx {
  readonly deps: DeviceDeps;
  readonly tenant: DeviceTenant;
  readonly meta: RequestMeta;
}

export interface OrgUnitRef {
  readonly id: string;
  readonly path: string;
}

export interface ResolvedReturnMessage {
  readonly message: string | null;
  /** The unit whose policy sets it; null when nothing sets it (or Google names no source). */
  readonly source: { path: string; direct: boolean } | null;
}

/** Why: the dialog must show what the device will show, so this asks Google (one resolve), not a cache. */
export async function resolveReturnMessage(
  ctx: Pick<Ctx, 'deps' | 'tenant'>,
  ou: OrgUnitRef,
): Promise<ResolvedReturnMessage> {
  const target = orgUnitTargetResource(ou.id);
  const page = await ctx.deps.googleFor(ctx.tenant).policy.resolvePolicies({
    policySchemaFilter: RETURN_MESSAGE_POLICY.schema,
    policyTargetKey: { targetResource: target },
    pageSize: 10,
  });
  const hit = page.resolvedPolicies?.find(
    (item) => item.value?.policySchema === RETURN_MESSAGE_POLICY.schema,
  );
  const value = hit?.value?.value?.[RETURN_MESSAGE_POLICY.field];
  const message = typeof value === 'string' && value.trim() !== '' ? value : null;
  if (message === null) return { message: null, source: null };
  const sourceResource = hit?.sourceKey?.targetResource;
  if (!sourceResource) return { message, source: null };
  const direct = bareOrgUnitId(sourceResource) === bareOrgUnitId(ou.id);
  const path = direct ? ou.path : await orgUnitPathOf(ctx, sourceResource);
  return { message, source: { path: path ?? '(a unit Fleetdeck has not synced)', direct } };
}

async function orgUnitPathOf(ctx: Pick<Ctx, 'deps' | 'tenant'>, resource: string): Promise<string | null> {
  const bare = bareOrgUnitId(resource);
  const row = await ctx.deps.db
    .selectFrom('fleet_org_unit')
    .select('org_unit_path')
    .where('org_id', '=', ctx.tenant.orgId)
    .where('org_unit_id', 'in', [bare, `id:${bare}`])
    .executeTakeFirst();
  return row?.org_unit_path ?? null;
}

/** The device's OU as Fleetdeck knows it (the caller's scope already checked by requireDevice). */
export function deviceOrgUnit(device: StoredDevice): OrgUnitRef {
  if (!device.org_unit_id || !device.org_unit_path) {
    throw appErrors.conflict(
      'Fleetdeck does not know the organizational unit of this device yet. Run a sync, then try again.',
    );
  }
  return { id: device.org_unit_id, path: device.org_unit_path };
}

/** Why: the disable dialog's "the device will show…", with a plain answer when Google cannot be asked. */
export async function getReturnMessageView(ctx: Ctx, deviceId: string): Promise<ReturnMessageView> {
  const device = await requireDevice(ctx.deps.db, ctx.tenant, deviceId);
  const ou = deviceOrgUnit(device);
  const base = {
    orgUnit: ou,
    canEdit: roleCan(ctx.tenant.role, 'policy.edit'),
    limit: RETURN_MESSAGE_LIMIT,
  };
  let resolved: ResolvedReturnMessage;
  try {
    resolved = await resolveReturnMessage(ctx, ou);
  } catch (error) {
    const mapped = toPolicyError(error);
    if (!(mapped instanceof AppError)) throw mapped;
    const unavailable = { state: 'unavailable', message: null, source: null, parent: null } as const;
    return { ...base, ...unavailable, error: mapped.message };
  }
  // Going back to the parent's message is offered only where this unit sets its own.
  const parentPath = parentPathOf(ou.path);
  const parent =
    base.canEdit && resolved.source?.direct && parentPath !== null
      ? await returnMessageOfUnit(ctx, parentPath, await orgUnitIdAt(ctx, parentPath))
      : null;
  return {
    ...base,
    state: resolved.message === null ? 'not_set' : 'set',
    message: resolved.message,
    source: resolved.source,
    error: null,
    parent,
  };
}

/** The path of the unit above `path`; null for the root, which has nothing to inherit from. */
export function parentPathOf(path: string): string | null {
  if (path === '/' || path === '') return null;
  const cut = path.lastIndexOf('/');
  return cut <= 0 ? '/' : path.slice(0, cut);
}

/** The id of a live unit Fleetdeck has synced, by path. */
export async function orgUnitIdAt(
  ctx: Pick<Ctx, 'deps' | 'tenant'>,
  path: string,
): Promise<string | undefined> {
  const row = await ctx.deps.db
    .selectFrom('fleet_org_unit')
    .select('org_unit_id')
    .where('org_id', '=', ctx.tenant.orgId)
    .where('org_unit_path', '=', path)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.org_unit_id;
}

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
  if (!roleCan(ctx.tenant.role, 'policy.edit')) {
    throw appErrors.forbidden(
      "Your role may disable devices but not change an organizational unit's return message (a Chrome policy). Disable without changing it, or ask an owner or admin.",
    );
  }
  const ou = deviceOrgUnit(device);
  if (!inScope(ctx.tenant, ou.path)) throw appErrors.notFound('This organizational unit lies outside yours.');
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
    return new AppError(
      DEVICE_ACTION_ERROR_IDS.unavailable,
      502,
      `Fleetdeck could not ${verb} the return message of ${step === 'read-parent' ? (parentPath ?? 'the parent unit') : ou.path}. The device was not disabled; try again.`,
    );
  }
  const why =
    mapped.id === DEVICE_ACTION_ERROR_IDS.permission
      ? 'Google refused: the connected Google admin may not manage Chrome policies of this unit. Ask a Google super admin for the Chrome Management settings privilege, or reconnect Google with an admin who has it.'
      : mapped.id === DEVICE_ACTION_ERROR_IDS.goneAtGoogle
        ? 'Google does not know this organizational unit any more. Run a sync, then try again.'
        : mapped.message;
  const what = {
    read: `Fleetdeck could not read the current return message of ${ou.path}, so it changed nothing and did not disable the device.`,
    'read-parent': `Fleetdeck could not read the return message of ${parentPath ?? 'the parent unit'}, which ${ou.path} would use, so it changed nothing and did not disable the device.`,
    write: `Google did not save the new return message for ${ou.path}, so the device was not disabled.`,
    inherit: `Google did not switch ${ou.path} to its parent unit's return message (its own message stays), so the device was not disabled.`,
  }[step];
  return new AppError(mapped.id, mapped.status, `${what} ${why}`, mapped.details);
}

/** How many of a bulk disable's units (by device count) get their return message read. */
export const BULK_RETURN_MESSAGE_UNITS = 8;

/**
 * Why: a bulk disable writes no policy, so its preview shows what each touched unit's devices
 * will display (read-only). Google is asked once per unit, four at a time, for the first units.
 */
export async function returnMessagesOfUnits(
  ctx: Pick<Ctx, 'deps' | 'tenant'>,
  orgUnitPaths: readonly string[],
): Promise<NonNullable<BulkPreview['returnMessages']>> {
  const paths = orgUnitPaths.slice(0, BULK_RETURN_MESSAGE_UNITS);
  if (paths.length === 0) return [];
  const units = await ctx.deps.db
    .selectFrom('fleet_org_unit')
    .select(['org_unit_id', 'org_unit_path'])
    .where('org_id', '=', ctx.tenant.orgId)
    .where('org_unit_path', 'in', paths)
    .where('deleted_at', 'is', null)
    .execute();
  const idOf = new Map(units.map((unit) => [unit.org_unit_path, unit.org_unit_id]));
  const results: NonNullable<BulkPreview['returnMessages']> = [];
  for (let start = 0; start < paths.length; start += 4) {
    const slice = paths.slice(start, start + 4);
    results.push(...(await Promise.all(slice.map((path) => returnMessageOfUnit(ctx, path, idOf.get(path))))));
  }
  return results;
}

/** Why: one unit's message as a preview shows it; a refusal becomes `unavailable`, never an error. */
async function returnMessageOfUnit(
  ctx: Pick<Ctx, 'deps' | 'tenant'>,
  path: string,
  id: string | undefined,
): Promise<UnitReturnMessage> {
  const none = { orgUnitPath: path, message: null, sourcePath: null };
  if (!id) {
    return { ...none, state: 'unavailable', error: 'Fleetdeck does not know this unit yet; run a sync.' };
  }
  try {
    const resolved = await resolveReturnMessage(ctx, { id, path });
    return {
      orgUnitPath: path,
      state: resolved.message === null ? 'not_set' : 'set',
      message: resolved.message,
      sourcePath: resolved.source?.path ?? null,
      error: null,
    };
  } catch (error) {
    const mapped = toPolicyError(error);
    if (!(mapped instanceof AppError)) throw mapped;
    return { ...none, state: 'unavailable', error: mapped.message };
  }
}

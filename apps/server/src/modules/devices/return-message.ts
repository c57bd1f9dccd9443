import { bareOrgUnitId, orgUnitTargetResource } from '@fleetdeck/google/google-ids';
import { RETURN_MESSAGE_LIMIT, RETURN_MESSAGE_POLICY } from '@fleetdeck/shared/device-actions';
import type { ReturnMessageView, UnitReturnMessage } from '@fleetdeck/shared/device-contract';
import type { BulkPreview } from '@fleetdeck/shared/bulk-contract';
import { roleCan } from '@fleetdeck/shared/permissions';
import { AppError, appErrors } from '../../errors/app-error.ts';
import { toPolicyError } from '../policy/policy-errors.ts';
import type { DeviceDeps, RequestMeta } from './device-context.ts';
import { requireDevice, type DeviceTenant, type StoredDevice } from './device-tenant.ts';

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

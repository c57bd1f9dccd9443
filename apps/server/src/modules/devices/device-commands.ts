import { sql } from 'kysely';
import type { DeviceCommandRequest } from '@fleetdeck/google/directory/device-command.schema';
import { DEVICE_COMMANDS, osMilestone, TERMINAL_COMMAND_STATES } from '@fleetdeck/shared/device-actions';
import type { DeviceCommand, IssueCommandRequest } from '@fleetdeck/shared/device-contract';
import { appErrors } from '../../errors/app-error.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { auditBase } from './device-actions.service.ts';
import type { DeviceDeps, RequestMeta } from './device-context.ts';
import { isKioskDevice } from './device-presenter.ts';
import { requireDevice, requireLiveDevice, type DeviceTenant, type StoredDevice } from './device-tenant.ts';
import { toDeviceActionError } from './google-action-errors.ts';

/**
 * Remote commands and their tracker: a command is checked against what Google accepts for this
 * device, issued once (never retried unless Google provably did not act), stored with who asked,
 * and read again from Google whenever someone looks at it and its stored state is a little old, so
 * a page polling it follows it to its end state without a background job.
 */

/** A command's stored state older than this is read again from Google when asked for. */
export const COMMAND_REFRESH_AFTER_MS = 2_000;
const LIST_LIMIT = 50;
/** Commands refreshed per list read (the newest open ones). */
const LIST_REFRESH_LIMIT = 5;

export interface CommandOptions {
  readonly refreshAfterMs?: number | undefined;
}

interface Ctx {
  readonly deps: DeviceDeps;
  readonly tenant: DeviceTenant;
  readonly meta: RequestMeta;
}

/** Why: an impossible command is refused with a reason before it reaches Google. */
export function commandProblem(
  device: Pick<StoredDevice, 'license_type' | 'raw' | 'status' | 'os_version'>,
  request: IssueCommandRequest,
): string | undefined {
  const info = DEVICE_COMMANDS[request.type];
  if (device.status === 'DEPROVISIONED' || device.status === 'PRE_PROVISIONED')
    return `Commands can only be sent to enrolled devices; this one is ${device.status.toLowerCase().replace('_', '-')}.`;
  if (info.kioskOnly && !isKioskDevice(device))
    return `${info.label} works only on kiosk and managed guest session devices; this device is not one.`;
  const minimum = info.minimumOsMilestoneOutsideKiosk;
  const milestone = osMilestone(device.os_version);
  // An unknown version is left to Google to judge.
  if (minimum !== undefined && milestone !== undefined && milestone < minimum && !isKioskDevice(device))
    return `${info.label} reaches devices outside kiosk and managed guest sessions from ChromeOS ${minimum} on; this one runs ChromeOS ${device.os_version ?? milestone}. Update it first, or restart it in person.`;
  if (request.type === 'SET_VOLUME' && request.volume === undefined)
    return 'Set volume needs a volume from 0 to 100.';
  if (request.type !== 'SET_VOLUME' && request.volume !== undefined)
    return 'A volume is given only with the Set volume command.';
  if (request.type !== 'REBOOT' && request.userSessionDelaySeconds !== undefined)
    return 'A user session delay is given only with the Reboot command.';
  return undefined;
}

/** Why: Fleetdeck's request shape becomes Google's command with its JSON payload. */
export function toGoogleCommand(request: IssueCommandRequest): DeviceCommandRequest {
  switch (request.type) {
    case 'SET_VOLUME':
      return { commandType: 'SET_VOLUME', payload: { volume: request.volume ?? 0 } };
    case 'REBOOT':
      return request.userSessionDelaySeconds === undefined
        ? { commandType: 'REBOOT' }
        : { commandType: 'REBOOT', payload: { user_session_delay_seconds: request.userSessionDelaySeconds } };
    default:
      return { commandType: request.type };
  }
}

/** Why: the single-device endpoint; bulk runs call `issueToGoogle` for each device. */
export async function issueDeviceCommand(
  ctx: Ctx,
  deviceId: string,
  request: IssueCommandRequest,
): Promise<DeviceCommand> {
  const device = requireLiveDevice(await requireDevice(ctx.deps.db, ctx.tenant, deviceId));
  const problem = commandProblem(device, request);
  if (problem) throw appErrors.invalidRequest(problem);
  const audit = { ...auditBase(ctx, 'device.command', device.device_id) };
  let commandId: string;
  try {
    commandId = await issueToGoogle(ctx.deps, ctx.tenant, device.device_id, request, null);
  } catch (error) {
    const mapped = toDeviceActionError(error);
    await recordAudit(ctx.deps.db, {
      ...audit,
      outcome: 'failure',
      details: { type: request.type, error: mapped instanceof Error ? mapped.message : String(mapped) },
    });
    throw mapped;
  }
  await recordAudit(ctx.deps.db, {
    ...audit,
    outcome: 'success',
    details: { type: request.type, commandId },
  });
  ctx.deps.publishChanged(ctx.tenant.orgId, { deviceIds: [device.device_id] });
  return requireCommand(ctx.deps, ctx.tenant, device.device_id, commandId);
}

/** Why: one place issues a command at Google and stores it as PENDING with who asked. */
export async function issueToGoogle(
  deps: DeviceDeps,
  tenant: Pick<DeviceTenant, 'orgId' | 'customerId'> & { userId: string | null },
  deviceId: string,
  request: IssueCommandRequest,
  bulkRunId: string | null,
): Promise<string> {
  const command = toGoogleCommand(request);
  const { commandId } = await deps.googleFor(tenant).directory.issueCommand(deviceId, command);
  await deps.db
    .insertInto('fleet_device_command')
    .values({
      org_id: tenant.orgId,
      device_id: deviceId,
      command_id: commandId,
      type: request.type,
      state: 'PENDING',
      issued_by: tenant.userId,
      payload: 'payload' in command && command.payload ? JSON.stringify(command.payload) : null,
      bulk_run_id: bulkRunId,
    })
    .onConflict((oc) => oc.columns(['org_id', 'device_id', 'command_id']).doNothing())
    .execute();
  return commandId;
}

/** Why: the tracker's list, newest first; the newest open commands are refreshed from Google. */
export async function listDeviceCommands(
  ctx: Pick<Ctx, 'deps' | 'tenant'>,
  deviceId: string,
  options: CommandOptions = {},
): Promise<{ commands: DeviceCommand[] }> {
  const device = await requireDevice(ctx.deps.db, ctx.tenant, deviceId);
  const open = await ctx.deps.db
    .selectFrom('fleet_device_command')
    .select(['command_id'])
    .where('org_id', '=', ctx.tenant.orgId)
    .where('device_id', '=', device.device_id)
    .where('state', 'not in', [...TERMINAL_COMMAND_STATES])
    .orderBy('issued_at', 'desc')
    .limit(LIST_REFRESH_LIMIT)
    .execute();
  await Promise.all(
    open.map((row) => refreshIfStale(ctx.deps, ctx.tenant, device.device_id, row.command_id, options)),
  );
  const rows = await commandRows(ctx.deps, ctx.tenant.orgId, device.device_id).limit(LIST_LIMIT).execute();
  return { commands: rows.map(presentCommand) };
}

/** Why: the tracker polls one command; a stale open one is read again from Google first. */
export async function getDeviceCommand(
  ctx: Pick<Ctx, 'deps' | 'tenant'>,
  deviceId: string,
  commandId: string,
  options: CommandOptions = {},
): Promise<DeviceCommand> {
  const device = await requireDevice(ctx.deps.db, ctx.tenant, deviceId);
  await refreshIfStale(ctx.deps, ctx.tenant, device.device_id, commandId, options);
  return requireCommand(ctx.deps, ctx.tenant, device.device_id, commandId);
}

async function requireCommand(deps: DeviceDeps, tenant: DeviceTenant, deviceId: string, commandId: string) {
  const row = await commandRows(deps, tenant.orgId, deviceId)
    .where('c.command_id', '=', commandId)
    .executeTakeFirst();
  if (!row) throw appErrors.notFound('This command was not found for this device in your organization.');
  return presentCommand(row);
}

/**
 * Why: reads an open command from Google when its stored state is older than `refreshAfterMs`.
 * A failed read leaves the stored state (the next poll tries again); it never fails the poll.
 * Resolves true when Google reported a new state.
 */
export async function refreshIfStale(
  deps: DeviceDeps,
  tenant: Pick<DeviceTenant, 'orgId' | 'customerId'>,
  deviceId: string,
  commandId: string,
  options: CommandOptions = {},
): Promise<boolean> {
  const refreshAfterMs = options.refreshAfterMs ?? COMMAND_REFRESH_AFTER_MS;
  const stored = await deps.db
    .selectFrom('fleet_device_command')
    .select(['state', 'updated_at'])
    .where('org_id', '=', tenant.orgId)
    .where('device_id', '=', deviceId)
    .where('command_id', '=', commandId)
    .executeTakeFirst();
  if (!stored || TERMINAL_COMMAND_STATES.includes(stored.state)) return false;
  if (Date.now() - new Date(stored.updated_at).getTime() < refreshAfterMs) return false;
  let live;
  try {
    live = await deps.googleFor(tenant).directory.getCommand(deviceId, commandId, { timeoutMs: 5_000 });
  } catch {
    return false;
  }
  const result = live.commandResult
    ? {
        result: live.commandResult.result ?? null,
        errorMessage: live.commandResult.errorMessage ?? null,
        executeTime: live.commandResult.executeTime ?? null,
        payload: live.commandResult.commandResultPayload ?? null,
      }
    : null;
  await deps.db
    .updateTable('fleet_device_command')
    .set({
      state: live.state ?? stored.state,
      result: result ? JSON.stringify(result) : null,
      updated_at: sql<Date>`now()`,
    })
    .where('org_id', '=', tenant.orgId)
    .where('device_id', '=', deviceId)
    .where('command_id', '=', commandId)
    .execute();
  return (live.state ?? stored.state) !== stored.state;
}

function commandRows(deps: DeviceDeps, orgId: string, deviceId: string) {
  return deps.db
    .selectFrom('fleet_device_command as c')
    .leftJoin('user as u', 'u.id', 'c.issued_by')
    .select([
      'c.command_id',
      'c.device_id',
      'c.type',
      'c.state',
      'c.issued_at',
      'c.issued_by',
      'c.result',
      'c.updated_at',
      'u.name as issuer_name',
      'u.email as issuer_email',
    ])
    .where('c.org_id', '=', orgId)
    .where('c.device_id', '=', deviceId)
    .orderBy('c.issued_at', 'desc')
    .orderBy('c.command_id', 'desc');
}

type CommandRow = Awaited<ReturnType<ReturnType<typeof commandRows>['executeTakeFirstOrThrow']>>;

function presentCommand(row: CommandRow): DeviceCommand {
  const result = (typeof row.result === 'string' ? JSON.parse(row.result) : row.result) as Record<
    string,
    unknown
  > | null;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    commandId: row.command_id,
    deviceId: row.device_id,
    type: row.type,
    state: row.state,
    terminal: TERMINAL_COMMAND_STATES.includes(row.state),
    issuedAt: new Date(row.issued_at).toISOString(),
    issuedBy: row.issued_by ? { id: row.issued_by, name: row.issuer_name, email: row.issuer_email } : null,
    result: result
      ? {
          result: text(result.result),
          errorMessage: text(result.errorMessage),
          executeTime: text(result.executeTime),
          payload: text(result.payload),
        }
      : null,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

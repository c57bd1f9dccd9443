import type { ChromeOsDevice } from '@fleetdeck/google/directory/chromeos-device.schema';
import type { DeviceBatchOutcome, DeviceBatchResult } from '@fleetdeck/google/directory/device-batches';
import type { BulkAction } from '@fleetdeck/shared/bulk-contract';
import { DEPROVISION_WIRE_REASONS, STATUS_ACTIONS } from './device-actions.service.ts';
import { issueToGoogle } from './device-commands.ts';
import type { DeviceDeps } from './device-context.ts';
import type { KnownChanges } from './device-copy.ts';
import { markSending } from './bulk-command-sends.ts';
import { issuedCommands, targetUnit, type ClaimedRun } from './bulk-run.repository.ts';
import {
  canSucceedOnRetry,
  describeFailure,
  rpcCodeCanSucceedOnRetry,
  stopsTheRun,
} from './google-action-errors.ts';

/**
 * One chunk of a bulk run at Google: up to 50 devices in one bulk call (moves, status changes),
 * or one call per device a few at a time (notes and fields, remote commands), answered as one
 * outcome per device and whether the rest of the run can succeed at all.
 */

export type Outcome =
  | { ok: true; device?: ChromeOsDevice; commandId?: string }
  | { ok: false; error: string; retryable: boolean };

export interface ChunkResult {
  outcomes: Map<string, Outcome>;
  /** Known end state of succeeded devices (bulk calls answer no device). */
  known?: KnownChanges;
  /** Set when later devices cannot succeed either (revoked grant, missing privilege). */
  stop?: string;
  /** What the chunk's call threw, for the log (each device failed with its description). */
  thrown?: unknown;
}

/** What sending a chunk needs: the device module's dependencies and how many calls at once. */
export interface ChunkEnv {
  readonly deps: DeviceDeps;
  /** Parallel per-device calls (annotate, commands). */
  readonly concurrency: number;
}

/** Why: the run's action at Google for these devices; a chunk that threw fails each device alike. */
export async function sendChunk(
  env: ChunkEnv,
  run: ClaimedRun,
  action: BulkAction,
  ids: string[],
): Promise<ChunkResult> {
  try {
    return await sendAction(env, run, action, ids);
  } catch (error) {
    return { outcomes: failAll(ids, describeFailure(error), canSucceedOnRetry(error)), thrown: error };
  }
}

function sendAction(env: ChunkEnv, run: ClaimedRun, action: BulkAction, ids: string[]): Promise<ChunkResult> {
  switch (action.kind) {
    case 'move':
      return moveChunk(env, run, action.orgUnitId, ids);
    case 'disable':
    case 'reenable':
    case 'deprovision':
      return statusChunk(env, run, action, ids);
    case 'annotate': {
      const google = googleOf(env, run);
      return perDevice(env, ids, async (id) => ({
        ok: true,
        device: await google.directory.patchChromeOsDevice(id, action.fields, { projection: 'FULL' }),
      }));
    }
    case 'command':
      return commandChunk(env, run, action.command, ids);
  }
}

const googleOf = (env: ChunkEnv, run: ClaimedRun) =>
  env.deps.googleFor({ orgId: run.org_id, customerId: run.customer_id });

function failAll(ids: readonly string[], error: string, retryable: boolean): Map<string, Outcome> {
  return new Map(ids.map((id) => [id, { ok: false, error, retryable }]));
}

/** Why: a move to a unit deleted since the run started stops the run (no device can go there). */
async function moveChunk(env: ChunkEnv, run: ClaimedRun, orgUnitId: string, ids: string[]) {
  const ou = await targetUnit(env.deps.db, run.org_id, orgUnitId);
  if (!ou) {
    const error = 'The target organizational unit no longer exists. Pick another one.';
    return { outcomes: failAll(ids, error, false), stop: error };
  }
  const batch = await googleOf(env, run).directory.moveDevicesToOu(ids, ou.org_unit_path);
  return { ...fromBatch(batch), known: { orgUnitPath: ou.org_unit_path, orgUnitId: ou.org_unit_id } };
}

async function statusChunk(
  env: ChunkEnv,
  run: ClaimedRun,
  action: Extract<BulkAction, { kind: 'disable' | 'reenable' | 'deprovision' }>,
  ids: string[],
): Promise<ChunkResult> {
  const reason = action.kind === 'deprovision' ? DEPROVISION_WIRE_REASONS[action.reason] : undefined;
  const batch = await googleOf(env, run).directory.batchChangeStatus({
    deviceIds: ids,
    action: STATUS_ACTIONS[action.kind].wire,
    ...(reason ? { deprovisionReason: reason } : {}),
  });
  const known: KnownChanges = { status: STATUS_ACTIONS[action.kind].status };
  if (reason) known.deprovisionReason = reason;
  return { ...fromBatch(batch), known };
}

/**
 * Why: a command already issued by this run is never sent again, and a send is marked before the
 * call, so a crash between Google's answer and our commit cannot lead to a second send.
 */
async function commandChunk(
  env: ChunkEnv,
  run: ClaimedRun,
  command: Extract<BulkAction, { kind: 'command' }>['command'],
  ids: string[],
): Promise<ChunkResult> {
  const { db } = env.deps;
  const already = await issuedCommands(db, run, ids);
  const issuer = { orgId: run.org_id, customerId: run.customer_id, userId: run.requested_by };
  return perDevice(env, ids, async (id) => {
    const existing = already.get(id);
    if (existing) return { ok: true, commandId: existing };
    await markSending(db, run, id);
    return { ok: true, commandId: await issueToGoogle(env.deps, issuer, id, command, run.id) };
  });
}

/** Why: per-device calls a few at a time; an error that stops the run stops taking devices. */
async function perDevice(
  env: ChunkEnv,
  ids: string[],
  act: (id: string) => Promise<Outcome>,
): Promise<ChunkResult> {
  const outcomes = new Map<string, Outcome>();
  let stop: string | undefined;
  let next = 0;
  const worker = async () => {
    while (next < ids.length && stop === undefined) {
      const id = ids[next++] as string;
      try {
        outcomes.set(id, await act(id));
      } catch (error) {
        const message = describeFailure(error);
        outcomes.set(id, { ok: false, error: message, retryable: canSucceedOnRetry(error) });
        if (stopsTheRun(error)) stop = message;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(env.concurrency, ids.length) }, worker));
  // Devices not reached because the run stopped stay pending and are marked by the caller.
  return stop === undefined ? { outcomes } : { outcomes, stop };
}

/** A bulk call's answer as per-device outcomes, and whether it stopped the run. */
function fromBatch(batch: DeviceBatchResult): ChunkResult {
  const outcomes = new Map<string, Outcome>();
  for (const outcome of batch.results) {
    if (outcome.status === 'succeeded') outcomes.set(outcome.deviceId, { ok: true });
    else outcomes.set(outcome.deviceId, batchFailure(outcome));
  }
  const stop = batch.stoppedBy && stopsTheRun(batch.stoppedBy) ? describeFailure(batch.stoppedBy) : undefined;
  return stop === undefined ? { outcomes } : { outcomes, stop };
}

/** A device's failure in a bulk call, and whether sending it again can succeed. */
function batchFailure(outcome: Exclude<DeviceBatchOutcome, { status: 'succeeded' }>): Outcome {
  if ('error' in outcome && outcome.error)
    return {
      ok: false,
      error: describeFailure(outcome.error),
      retryable: canSucceedOnRetry(outcome.error),
    };
  if (outcome.status === 'failed') {
    const retryable = rpcCodeCanSucceedOnRetry(outcome.rpcCode);
    const error = retryable
      ? `Google could not change it this time: ${outcome.message}`
      : `Google refused: ${outcome.message}`;
    return { ok: false, error, retryable };
  }
  // Unknown (no answer for this device) or never sent: idempotent, so sending again is safe.
  return { ok: false, error: outcome.message, retryable: true };
}

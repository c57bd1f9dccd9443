import { GoogleApiError } from '../errors.ts';
import type { RpcStatus } from '../wire-types.ts';
import { MAX_DEVICE_IDS_PER_CALL } from './device-status-change.schema.ts';

/**
 * Bulk device writes split into calls of ≤ 50 IDs, with one outcome per device merged across calls,
 * because a bulk action must never fail silently: every device ends up succeeded, failed, unknown
 * (the call failed in a way that may or may not have applied) or skipped (never sent).
 */

export type DeviceBatchOutcome =
  | { deviceId: string; status: 'succeeded' }
  | {
      deviceId: string;
      status: 'failed';
      message: string;
      rpcCode?: number | undefined;
      error?: GoogleApiError | undefined;
    }
  | { deviceId: string; status: 'unknown'; message: string; error?: GoogleApiError | undefined }
  | { deviceId: string; status: 'skipped'; message: string };

export interface DeviceBatchResult {
  /** One entry per distinct requested device, in request order. */
  results: DeviceBatchOutcome[];
  /** The call failure that stopped the batch early, if any. */
  stoppedBy: GoogleApiError | undefined;
}

/** Google's answer for one chunk: per-device statuses, or `undefined` when the call reports none. */
export type ChunkResults = Map<string, RpcStatus | null> | undefined;

/** Sends one chunk; resolves with per-device results (null = success) or undefined for "all accepted". */
export type ChunkSender = (deviceIds: string[]) => Promise<ChunkResults>;

/** Splits a list into consecutive chunks of at most `size` items. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1)
    throw new RangeError(`chunk size must be a positive integer, got ${size}`);
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

/**
 * Runs `send` over ≤ `chunkSize` ID chunks in sequence. A 400/404 on one chunk marks that chunk failed
 * and moves on (it is about those IDs); any other call failure (auth, permission, rate limit after
 * retries, outage) stops the batch and marks the rest skipped. A caller's abort propagates.
 */
export async function runDeviceBatch(
  deviceIds: readonly string[],
  send: ChunkSender,
  chunkSize: number = MAX_DEVICE_IDS_PER_CALL,
): Promise<DeviceBatchResult> {
  if (chunkSize > MAX_DEVICE_IDS_PER_CALL) {
    throw new RangeError(`chunk size ${chunkSize} exceeds Google's limit of ${MAX_DEVICE_IDS_PER_CALL}`);
  }
  const results: DeviceBatchOutcome[] = [];
  let stoppedBy: GoogleApiError | undefined;
  for (const ids of chunk([...new Set(deviceIds)], chunkSize)) {
    if (stoppedBy) {
      for (const deviceId of ids)
        results.push({ deviceId, status: 'skipped', message: `Not sent: ${stoppedBy.message}` });
      continue;
    }
    try {
      results.push(...outcomesFor(ids, await send(ids)));
    } catch (error) {
      if (!(error instanceof GoogleApiError)) throw error;
      results.push(...outcomesForFailedCall(ids, error));
      if (error.status !== 400 && error.status !== 404) stoppedBy = error;
    }
  }
  return { results, stoppedBy };
}

function outcomesFor(ids: string[], chunkResults: ChunkResults): DeviceBatchOutcome[] {
  return ids.map((deviceId): DeviceBatchOutcome => {
    if (chunkResults === undefined) return { deviceId, status: 'succeeded' };
    const result = chunkResults.get(deviceId);
    if (result === null) return { deviceId, status: 'succeeded' };
    if (result === undefined)
      return { deviceId, status: 'unknown', message: 'Google returned no result for this device' };
    return {
      deviceId,
      status: 'failed',
      message: result.message ?? 'Google rejected this device',
      rpcCode: result.code,
    };
  });
}

/** A 4xx (but 408) is a definite rejection; a 408, 5xx or network failure may or may not have been applied. */
function outcomesForFailedCall(ids: string[], error: GoogleApiError): DeviceBatchOutcome[] {
  const definite = error.status >= 400 && error.status < 500 && error.status !== 408;
  return ids.map((deviceId) =>
    definite
      ? { deviceId, status: 'failed', message: error.message, error }
      : { deviceId, status: 'unknown', message: error.message, error },
  );
}

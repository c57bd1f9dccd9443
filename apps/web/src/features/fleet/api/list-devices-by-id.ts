import { DEVICE_ID_PATTERN } from '@fleetdeck/shared/app-routes';
import { parseDeviceQuery } from '@fleetdeck/shared/device-query';
import { DEVICE_QUERY_LIMITS } from '@fleetdeck/shared/device-query-operators';
import type { FleetColumnId } from '@fleetdeck/shared/fleet-columns';
import type { FleetTableRow, ListDevicesResponse } from '@fleetdeck/shared/fleet-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import type { RefreshedRow } from '../live-rows.ts';
import { columnParam } from './list-devices.ts';

const TERM = 'device_id:';
/** The longest Directory device id (DEVICE_ID_PATTERN). */
const MAX_ID_CHARS = 128;
/** Chunks read at once by one refresh. */
const PARALLEL_READS = 3;

/**
 * Why: the list API filters by query, and one `device_id:a,b,…` term holds at most 50 ids; with
 * `reserved` characters of query before it the whole query stays within the parser's length limit.
 * Anything that is not a device id is left out, so no value can change what the query means.
 */
export function deviceIdChunks(ids: readonly string[], reserved = 0): string[][] {
  const chunks: string[][] = [];
  let chunk: string[] = [];
  let chars = reserved + TERM.length;
  for (const id of ids) {
    if (!DEVICE_ID_PATTERN.test(id)) continue;
    const full =
      chunk.length === DEVICE_QUERY_LIMITS.maxValuesPerTerm ||
      chars + 1 + id.length > DEVICE_QUERY_LIMITS.maxChars;
    if (chunk.length > 0 && full) {
      chunks.push(chunk);
      chunk = [];
      chars = reserved + TERM.length;
    }
    chars += (chunk.length > 0 ? 1 : 0) + id.length;
    chunk.push(id);
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}

/**
 * Why: a refresh asks for the loaded ids *among the query's matches* (`<q> device_id:…`, terms are
 * AND-ed), so one answer says both what changed and what still matches. Null when the query has
 * no room for one more term (at the parser's term or length limit) or means nothing (empty).
 */
export function narrowingPrefix(q: string): string | null {
  const query = q.trim();
  if (query === '') return null;
  const parsed = parseDeviceQuery(query);
  if (!parsed.ok || parsed.query.terms.length >= DEVICE_QUERY_LIMITS.maxTerms) return null;
  if (query.length + 1 + TERM.length + MAX_ID_CHARS > DEVICE_QUERY_LIMITS.maxChars) return null;
  return `${query} `;
}

/** One read of the list API: the rows of a query of at most `limit` matches. */
export type RowReader = (q: string, limit: number) => Promise<readonly FleetTableRow[]>;

/** `GET /api/devices` with the table's columns, uncounted. */
export function listDevicesReader(columns: readonly FleetColumnId[]): RowReader {
  return async (q, limit) => {
    const params = new URLSearchParams({
      q,
      limit: String(limit),
      count: 'none',
      columns: columnParam(columns),
    });
    const page = await apiFetch<ListDevicesResponse>(`/api/devices?${params.toString()}`);
    return page.devices;
  };
}

/**
 * Why: what became of one chunk of loaded devices. The ids among the query's matches are current
 * and still match; the others are read by id alone, to show their new values muted (no longer
 * matching) or, if absent, to mark them gone. At most two requests, the second only when some
 * device left the query. A query that cannot be narrowed (see narrowingPrefix) is read by id
 * alone: the values refresh, but whether each row still matches is not judged.
 */
export async function refreshChunk(
  ids: readonly string[],
  q: string,
  read: RowReader,
): Promise<Map<string, RefreshedRow>> {
  const result = new Map<string, RefreshedRow>();
  const prefix = narrowingPrefix(q);
  for (const row of await read(`${prefix ?? ''}${TERM}${ids.join(',')}`, ids.length))
    result.set(row.deviceId, { row, matches: true });
  const missing = ids.filter((id) => !result.has(id));
  if (missing.length > 0 && prefix !== null) {
    for (const row of await read(`${TERM}${missing.join(',')}`, missing.length))
      result.set(row.deviceId, { row, matches: false });
  }
  for (const id of missing) if (!result.has(id)) result.set(id, { row: null, matches: false });
  return result;
}

/**
 * Why: the loaded rows' current values, chunk by chunk, a few requests at a time; each chunk is
 * handed over as it arrives so the rows on screen (asked first) update first. A chunk that fails
 * is skipped: its rows keep their values until the next change refreshes them.
 */
export async function readRowsById({
  ids,
  q,
  read,
  onChunk,
}: {
  ids: readonly string[];
  q: string;
  read: RowReader;
  onChunk: (refreshed: Map<string, RefreshedRow>) => void;
}): Promise<void> {
  const prefix = narrowingPrefix(q);
  const queue = deviceIdChunks(ids, prefix?.length ?? 0);
  const worker = async () => {
    for (let chunk = queue.shift(); chunk; chunk = queue.shift()) {
      try {
        onChunk(await refreshChunk(chunk, q, read));
      } catch {
        // Left as they are; the API client already retried what could be retried.
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_READS, queue.length) }, worker));
}

/**
 * Why: changes can come faster than a refresh reads them (a bulk run tells every chunk it ends,
 * without device names to a viewer limited to some units). One refresh reads at a time; the ids
 * asked meanwhile are read together once it ends, so requests never pile up. `drop` forgets
 * those still waiting (the list started over).
 */
export function oneReadAtATime(run: (ids: readonly string[]) => Promise<void>): {
  read: (ids: readonly string[]) => void;
  drop: () => void;
} {
  let running = false;
  let waiting = new Set<string>();
  const next = () => {
    if (running || waiting.size === 0) return;
    const ids = [...waiting];
    waiting = new Set();
    running = true;
    void run(ids)
      .catch(() => undefined)
      .finally(() => {
        running = false;
        next();
      });
  };
  return {
    read: (ids) => {
      for (const id of ids) waiting.add(id);
      next();
    },
    drop: () => {
      waiting = new Set();
    },
  };
}

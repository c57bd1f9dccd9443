import { syncErrorSchema, syncProgressSchema, type SyncRun } from '@fleetdeck/shared/sync-contract';
import { z } from 'zod';
import { emptyProgress } from './sync-progress.ts';
import type { SyncRunRow } from './sync-run.repository.ts';

/** A stored run as the API and the realtime channel show it. */

const storedErrors = z.array(syncErrorSchema).catch([]);

/** Why: one shape for `GET /api/sync/runs`, `GET /api/sync/runs/:id` and realtime progress. */
export function presentSyncRun(row: SyncRunRow): SyncRun {
  const progress = syncProgressSchema.safeParse({ ...emptyProgress(), ...row.progress });
  const started = row.started_at ? new Date(row.started_at) : null;
  const finished = row.finished_at ? new Date(row.finished_at) : null;
  return {
    id: row.id,
    kind: row.kind,
    trigger: row.trigger,
    status: row.status,
    phase: row.phase,
    createdAt: new Date(row.created_at).toISOString(),
    startedAt: started?.toISOString() ?? null,
    finishedAt: finished?.toISOString() ?? null,
    durationMs: started && finished ? Math.max(0, finished.getTime() - started.getTime()) : null,
    attempts: row.attempts,
    progress: progress.success ? progress.data : emptyProgress(),
    errors: storedErrors.parse(row.errors),
  };
}

/** Keyset cursor of the run list: the last run's creation time and id. */
export function encodeRunCursor(row: { cursor_at: string; id: string }): string {
  return Buffer.from(JSON.stringify([row.cursor_at, row.id])).toString('base64url');
}

/** Undefined for a cursor this server did not issue. */
export function decodeRunCursor(cursor: string): { createdAt: string; id: string } | undefined {
  try {
    const parsed = z
      .tuple([z.string().regex(/^\d{4}-\d{2}-\d{2} [\d:.]+[+-]\d{2}(:\d{2})?$/), z.uuid()])
      .safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    return parsed.success ? { createdAt: parsed.data[0], id: parsed.data[1] } : undefined;
  } catch {
    return undefined;
  }
}

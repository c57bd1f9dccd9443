import { sql } from 'kysely';
import type { Executor } from '../fleet-store/device-page-writer.ts';

/**
 * Per-shard checkpoints of a run: the page token to resume from, pages and items done, whether the
 * shard is finished. A checkpoint moves only inside the transaction that wrote its page.
 */

export type CheckpointPhase = 'devices' | 'telemetry';

export interface Checkpoint {
  readonly shard: string;
  readonly pageToken: string | null;
  readonly pages: number;
  readonly items: number;
  readonly restarts: number;
  readonly done: boolean;
}

/** Why: the shard list is fixed when a run first plans it (in order), so a resumed run walks the same shards. */
export async function planShards(
  db: Executor,
  orgId: string,
  runId: string,
  phase: CheckpointPhase,
  shards: readonly string[],
): Promise<void> {
  if (shards.length === 0) return;
  await sql`
    insert into sync_checkpoint (org_id, run_id, phase, shard, position)
    select ${orgId}, ${runId}::uuid, ${phase}, s.value, s.position
    from jsonb_array_elements_text(${JSON.stringify(shards)}::jsonb) with ordinality as s(value, position)
    on conflict do nothing`.execute(db);
}

export async function listCheckpoints(
  db: Executor,
  orgId: string,
  runId: string,
  phase: CheckpointPhase,
): Promise<Checkpoint[]> {
  const rows = await db
    .selectFrom('sync_checkpoint')
    .select(['shard', 'page_token', 'pages', 'items', 'restarts', 'done'])
    .where('org_id', '=', orgId)
    .where('run_id', '=', runId)
    .where('phase', '=', phase)
    .orderBy('position')
    .orderBy('shard')
    .execute();
  return rows.map((row) => ({
    shard: row.shard,
    pageToken: row.page_token,
    pages: row.pages,
    items: row.items,
    restarts: row.restarts,
    done: row.done,
  }));
}

/** Why: called inside the page's transaction, so the page and its resume point commit together. */
export async function advanceCheckpoint(
  db: Executor,
  key: { orgId: string; runId: string; phase: CheckpointPhase; shard: string },
  page: { nextPageToken: string | undefined; items: number },
): Promise<void> {
  await db
    .updateTable('sync_checkpoint')
    .set({
      page_token: page.nextPageToken ?? null,
      pages: sql<number>`pages + 1`,
      items: sql<number>`items + ${page.items}`,
      done: page.nextPageToken === undefined,
      updated_at: sql<Date>`now()`,
    })
    .where('org_id', '=', key.orgId)
    .where('run_id', '=', key.runId)
    .where('phase', '=', key.phase)
    .where('shard', '=', key.shard)
    .execute();
}

/** Why: an expired page token restarts only its own shard, from the first page. */
export async function restartShard(
  db: Executor,
  key: { orgId: string; runId: string; phase: CheckpointPhase; shard: string },
): Promise<void> {
  await db
    .updateTable('sync_checkpoint')
    .set({ page_token: null, done: false, restarts: sql<number>`restarts + 1`, updated_at: sql<Date>`now()` })
    .where('org_id', '=', key.orgId)
    .where('run_id', '=', key.runId)
    .where('phase', '=', key.phase)
    .where('shard', '=', key.shard)
    .execute();
}

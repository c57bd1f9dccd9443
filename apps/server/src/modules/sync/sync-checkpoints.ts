import { sql } from 'kysely';
import type { Executor } from '../fleet-store/device-page-writer.ts';

/**
 * Per-shard checkpoints of a run: the page token to resume from, pages and items done, whether the
 * shard is finished. A checkpoint moves only inside the transaction that wrote its page.
 */

export type CheckpointPhase = 'devices' | 'telemetry';

export interface Checkpoint {
  readonly shard: string;
  /** Where the planner put the shard; a shard's second chain shares it. */
  readonly position: number;
  readonly pageToken: string | null;
  readonly pages: number;
  readonly items: number;
  readonly restarts: number;
  readonly done: boolean;
  /** The id of the last item the last committed page listed (where a chain's committed pages end). */
  readonly lastItem: string | null;
}

export interface CheckpointKey {
  readonly orgId: string;
  readonly runId: string;
  readonly phase: CheckpointPhase;
  readonly shard: string;
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
    .select(['shard', 'position', 'page_token', 'pages', 'items', 'restarts', 'done', 'last_item'])
    .where('org_id', '=', orgId)
    .where('run_id', '=', runId)
    .where('phase', '=', phase)
    .orderBy('position')
    .orderBy('shard')
    .execute();
  return rows.map((row) => ({
    shard: row.shard,
    position: row.position,
    pageToken: row.page_token,
    pages: row.pages,
    items: row.items,
    restarts: row.restarts,
    done: row.done,
    lastItem: row.last_item,
  }));
}

/**
 * Why: a shard's second chain (listed from the other end) needs a checkpoint of its own before
 * its first page, so a resumed run continues it; a run that already has one keeps it.
 */
export async function addShard(db: Executor, key: CheckpointKey, position: number): Promise<void> {
  await db
    .insertInto('sync_checkpoint')
    .values({ org_id: key.orgId, run_id: key.runId, phase: key.phase, shard: key.shard, position })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/**
 * Why: called inside the page's transaction, so the page and its resume point commit together. A
 * checkpoint another chain already finished (the two ends of a listing met) stays finished.
 */
export async function advanceCheckpoint(
  db: Executor,
  key: CheckpointKey,
  page: { nextPageToken: string | undefined; items: number; lastItem?: string | undefined },
): Promise<void> {
  await db
    .updateTable('sync_checkpoint')
    .set({
      page_token: page.nextPageToken ?? null,
      pages: sql<number>`pages + 1`,
      items: sql<number>`items + ${page.items}`,
      done: sql<boolean>`done or ${page.nextPageToken === undefined}`,
      ...(page.lastItem === undefined ? {} : { last_item: page.lastItem }),
      updated_at: sql<Date>`now()`,
    })
    .where('org_id', '=', key.orgId)
    .where('run_id', '=', key.runId)
    .where('phase', '=', key.phase)
    .where('shard', '=', key.shard)
    .execute();
}

/**
 * Why: when one chain of a listing finishes it (it met the other chain, or reached its own end),
 * the other chain's checkpoint is finished in the same transaction, so a resumed run skips both.
 */
export async function finishShards(
  db: Executor,
  key: CheckpointKey,
  others: readonly string[],
): Promise<void> {
  if (others.length === 0) return;
  await db
    .updateTable('sync_checkpoint')
    .set({ done: true, updated_at: sql<Date>`now()` })
    .where('org_id', '=', key.orgId)
    .where('run_id', '=', key.runId)
    .where('phase', '=', key.phase)
    .where('shard', 'in', others)
    .execute();
}

/** Why: an expired page token restarts only its own shard, from the first page. */
export async function restartShard(db: Executor, key: CheckpointKey): Promise<void> {
  await db
    .updateTable('sync_checkpoint')
    .set({ page_token: null, done: false, restarts: sql<number>`restarts + 1`, updated_at: sql<Date>`now()` })
    .where('org_id', '=', key.orgId)
    .where('run_id', '=', key.runId)
    .where('phase', '=', key.phase)
    .where('shard', '=', key.shard)
    .execute();
}

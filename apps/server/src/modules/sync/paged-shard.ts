import { sql, type Transaction } from 'kysely';
import { GooglePageTokenExpiredError } from '@fleetdeck/google/errors';
import type { Page } from '@fleetdeck/google/http/pagination';
import type { DB } from '../../db/schema.ts';
import {
  advanceCheckpoint,
  restartShard,
  type Checkpoint,
  type CheckpointPhase,
} from './sync-checkpoints.ts';
import type { SyncContext } from './sync-context.ts';

/**
 * One shard's page chain: from its checkpoint to the last page, each page written in one
 * transaction with the checkpoint that resumes after it. A page token Google no longer accepts
 * (chains expire after about an hour) restarts this shard alone from its first page.
 */

/** A shard restarted more often than this is failing for another reason: the run fails. */
const MAX_SHARD_RESTARTS = 3;

export interface PagedShard<T, P, R> {
  readonly phase: CheckpointPhase;
  readonly checkpoint: Checkpoint;
  pages(pageToken: string | undefined, signal: AbortSignal): AsyncIterable<Page<T>>;
  /** Turns a page into what gets written, before the transaction (network calls belong here). */
  prepare(items: readonly T[], signal: AbortSignal): Promise<P>;
  /** Writes a prepared page inside the page transaction. */
  write(trx: Transaction<DB>, prepared: P): Promise<R>;
  /** Counts what a page wrote, once its transaction committed. */
  committed(result: R, items: number): void;
}

/** Why: the resume and restart rules are the same for device and telemetry shards. */
export async function walkShard<T, P, R>(
  ctx: SyncContext,
  shard: PagedShard<T, P, R>,
  signal: AbortSignal,
): Promise<void> {
  if (shard.checkpoint.done) return;
  const key = { orgId: ctx.orgId, runId: ctx.runId, phase: shard.phase, shard: shard.checkpoint.shard };
  let pageToken = shard.checkpoint.pageToken ?? undefined;
  let restarts = shard.checkpoint.restarts;
  for (;;) {
    try {
      for await (const page of prefetched(shard.pages(pageToken, signal))) {
        const prepared = await shard.prepare(page.items, signal);
        signal.throwIfAborted();
        const result = await ctx.db.transaction().execute(async (trx) => {
          // The page and its checkpoint still commit together; only the wait for the WAL flush
          // goes. A database crash may lose the last pages, and the run resumes before them.
          await sql`set local synchronous_commit = off`.execute(trx);
          const written = await shard.write(trx, prepared);
          await advanceCheckpoint(trx, key, { nextPageToken: page.nextPageToken, items: page.items.length });
          return written;
        });
        shard.committed(result, page.items.length);
        await ctx.onPageCommitted({
          runId: ctx.runId,
          phase: shard.phase,
          shard: key.shard,
          items: page.items.length,
          more: page.nextPageToken !== undefined,
        });
      }
      return;
    } catch (error) {
      if (!(error instanceof GooglePageTokenExpiredError) || restarts >= MAX_SHARD_RESTARTS) throw error;
      restarts += 1;
      pageToken = undefined;
      await restartShard(ctx.db, key);
      ctx.tracker.progress.shardRestarts += 1;
      ctx.tracker.addError({
        code: 'page_token_expired',
        message: `Google no longer accepted the page token; this shard restarted from its first page (${error.message})`,
        recovered: true,
        shard: key.shard,
      });
    }
  }
}

/**
 * Why: asks for the next page as soon as one arrives, so the request (Google's latency) overlaps
 * the page's preparation and transaction. Still one call in flight per shard, and a checkpoint
 * moves only when its page commits, so resuming is unchanged.
 */
async function* prefetched<T>(pages: AsyncIterable<T>): AsyncGenerator<T> {
  const iterator = pages[Symbol.asyncIterator]();
  let next = iterator.next();
  try {
    for (;;) {
      const current = await next;
      if (current.done) return;
      next = iterator.next();
      // A failed prefetch is rethrown when awaited above; until then it must not go unhandled.
      next.catch(() => undefined);
      yield current.value;
    }
  } finally {
    // Closed early (a failed write, an abort): the pending request is dropped once it settles.
    void next.then(
      () => iterator.return?.().catch(() => undefined),
      () => undefined,
    );
  }
}

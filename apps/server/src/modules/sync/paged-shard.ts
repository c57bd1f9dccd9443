import { sql, type Transaction } from 'kysely';
import { GooglePageTokenExpiredError } from '@fleetdeck/google/errors';
import type { Page } from '@fleetdeck/google/http/pagination';
import type { DB } from '../../db/schema.ts';
import {
  advanceCheckpoint,
  finishShards,
  restartShard,
  type Checkpoint,
  type CheckpointKey,
  type CheckpointPhase,
} from './sync-checkpoints.ts';
import type { SyncContext } from './sync-context.ts';

/**
 * One shard's page chain: from its checkpoint to the last page, each page written in one
 * transaction with the checkpoint that resumes after it. A page token Google no longer accepts
 * (chains expire after about an hour) restarts this shard alone from its first page. A chain may
 * share its listing with a second chain from the other end (two-ended-listing.ts): it then writes
 * only the items it takes, and stops when the listing is complete.
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
  /** A listing shared with another chain; absent for a chain that lists its shard alone. */
  readonly shared?: SharedListing<T> | undefined;
  /** Told, after each committed page, how long the chain waited for it and then worked on it. */
  paced?(pace: PagePace): void;
}

export interface PagePace {
  /** From asking for the page (prefetched: from the previous page's arrival) to its arrival. */
  readonly waitedMs: number;
  /** From its arrival to its commit: preparing and writing it. */
  readonly workedMs: number;
}

export interface SharedListing<T> {
  /** Aborted once the listing is complete: the chain's page requests are dropped. */
  readonly stopped: AbortSignal;
  /** The items of an arrived page this chain writes; `undefined` once the listing is complete. */
  take(page: Page<T>): SharedPage<T> | undefined;
  /** Called when the chain restarts from its first page. */
  restart(): void;
  /** Checkpoints finished in the transaction of the page that completes the listing. */
  readonly siblings: readonly string[];
}

export interface SharedPage<T> {
  readonly items: readonly T[];
  /** The listing is complete with this page. */
  readonly last: boolean;
  readonly lastItem: string | undefined;
  /** Resolves once the pages of the other chain this page relies on have committed. */
  readonly ready: Promise<void>;
  settle(error?: unknown): void;
}

/**
 * Why: the resume and restart rules are the same for device and telemetry shards. `release` is
 * called once the chain will make no more calls (its last page is prepared; its transaction is
 * left), so its lane can start the next chain meanwhile.
 */
export async function walkShard<T, P, R>(
  ctx: SyncContext,
  shard: PagedShard<T, P, R>,
  signal: AbortSignal,
  release: () => void = () => undefined,
): Promise<void> {
  if (shard.checkpoint.done) return;
  const key: CheckpointKey = {
    orgId: ctx.orgId,
    runId: ctx.runId,
    phase: shard.phase,
    shard: shard.checkpoint.shard,
  };
  const fetchSignal = shard.shared ? AbortSignal.any([signal, shard.shared.stopped]) : signal;
  let pageToken = shard.checkpoint.pageToken ?? undefined;
  let restarts = shard.checkpoint.restarts;
  for (;;) {
    try {
      const pages = prefetched(shard.pages(pageToken, fetchSignal));
      await walkPages(ctx, { shard, key, release }, pages, signal);
      return;
    } catch (error) {
      if (!(error instanceof GooglePageTokenExpiredError) || restarts >= MAX_SHARD_RESTARTS) throw error;
      restarts += 1;
      pageToken = undefined;
      await restartShard(ctx.db, key);
      shard.shared?.restart();
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

interface Chain<T, P, R> {
  readonly shard: PagedShard<T, P, R>;
  readonly key: CheckpointKey;
  readonly release: () => void;
}

async function walkPages<T, P, R>(
  ctx: SyncContext,
  chain: Chain<T, P, R>,
  pages: AsyncGenerator<Page<T>>,
  signal: AbortSignal,
): Promise<void> {
  const shard = chain.shard;
  try {
    for (;;) {
      const asked = performance.now();
      const page = await nextPage(pages, shard.shared, signal);
      if (!page) return;
      const arrived = performance.now();
      const taken = shard.shared ? shard.shared.take(page) : whole(page);
      if (!taken) return;
      try {
        await commitPage(ctx, chain, { page, taken }, signal);
      } catch (error) {
        taken.settle(error);
        throw error;
      }
      shard.paced?.({ waitedMs: arrived - asked, workedMs: performance.now() - arrived });
      if (taken.last) return;
    }
  } finally {
    // Closed early (the listing met its other end, a failed write, an abort): drops the prefetch.
    void pages.return(undefined).catch(() => undefined);
  }
}

/** The next page; `undefined` at the end, or when the listing was completed by the other chain. */
async function nextPage<T>(
  pages: AsyncGenerator<Page<T>>,
  shared: SharedListing<T> | undefined,
  signal: AbortSignal,
): Promise<Page<T> | undefined> {
  try {
    const next = await pages.next();
    return next.done ? undefined : next.value;
  } catch (error) {
    if (shared?.stopped.aborted && !signal.aborted) return undefined;
    throw error;
  }
}

async function commitPage<T, P, R>(
  ctx: SyncContext,
  { shard, key, release }: Chain<T, P, R>,
  { page, taken }: { page: Page<T>; taken: SharedPage<T> },
  signal: AbortSignal,
): Promise<void> {
  const prepared = await shard.prepare(taken.items, signal);
  if (taken.last) release();
  await taken.ready;
  const items = taken.items.length;
  const result = await writePage(ctx, { shard, key }, { page, taken, prepared }, signal);
  taken.settle();
  shard.committed(result, items);
  await ctx.onPageCommitted({
    runId: ctx.runId,
    phase: shard.phase,
    shard: key.shard,
    items,
    more: !taken.last,
  });
}

/**
 * A page transaction PostgreSQL ends to break a deadlock is written again, this many times at
 * most. A telemetry page updates the battery columns of the rows a device page may be upserting
 * at the same moment, each locking rows in its own order; a page and its checkpoint commit
 * together and writing a page again is harmless, so the chosen one retries rather than fail the run.
 */
const DEADLOCK_RETRIES = 3;
const DEADLOCK_DETECTED = '40P01';

async function writePage<T, P, R>(
  ctx: SyncContext,
  { shard, key }: Pick<Chain<T, P, R>, 'shard' | 'key'>,
  { page, taken, prepared }: { page: Page<T>; taken: SharedPage<T>; prepared: P },
  signal: AbortSignal,
): Promise<R> {
  const items = taken.items.length;
  for (let retries = 0; ; retries += 1) {
    try {
      return await ctx.db.transaction().execute(async (trx) => {
        // Checked once the transaction has its connection: pages queued for it stop there.
        signal.throwIfAborted();
        // The page and its checkpoint still commit together; only the wait for the WAL flush
        // goes. A database crash may lose the last pages, and the run resumes before them.
        const nextPageToken = taken.last ? undefined : page.nextPageToken;
        // Sent together: none needs another's answer, so the database does not wait on this thread
        // between them (decision 022). The first failure aborts the transaction and is the one thrown.
        const [, written] = await Promise.all([
          sql`set local synchronous_commit = off`.execute(trx),
          shard.write(trx, prepared),
          advanceCheckpoint(trx, key, { nextPageToken, items, lastItem: taken.lastItem }),
          taken.last && shard.shared ? finishShards(trx, key, shard.shared.siblings) : undefined,
        ]);
        return written;
      });
    } catch (error) {
      if (retries >= DEADLOCK_RETRIES || (error as { code?: unknown }).code !== DEADLOCK_DETECTED)
        throw error;
      ctx.tracker.addError({
        code: 'page_retried',
        message: `PostgreSQL ended this page's transaction to break a deadlock with another page; it was written again (${(error as Error).message})`,
        recovered: true,
        shard: key.shard,
      });
    }
  }
}

function whole<T>(page: Page<T>): SharedPage<T> {
  return {
    items: page.items,
    last: page.nextPageToken === undefined,
    lastItem: undefined,
    ready: Promise.resolve(),
    settle: () => undefined,
  };
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

import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GoogleClient } from '@fleetdeck/google/google-client';
import { walkShard, type PagedShard } from '../src/modules/sync/paged-shard.ts';
import { listCheckpoints, planShards } from '../src/modules/sync/sync-checkpoints.ts';
import type { CommittedPage, SyncContext } from '../src/modules/sync/sync-context.ts';
import { SyncProgressTracker } from '../src/modules/sync/sync-progress.ts';
import { createRun } from '../src/modules/sync/sync-run.repository.ts';
import { backendName, createTestDatabase, type TestDatabase } from './test-database.ts';

/**
 * A telemetry page updates the battery columns of rows that a device page may be upserting at the
 * same moment, each locking rows in its own order; PostgreSQL then ends one of the two
 * transactions ("deadlock detected"). Seen in a full sync after a fleet changed: the run failed.
 * The page it ended is written again, and the run goes on.
 */

const ORG = 'org-page-deadlock';

describe(`a page transaction ended to break a deadlock (${backendName})`, () => {
  let testDb: TestDatabase;

  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(async () => {
    await testDb.cleanup();
  });

  it('is written again, once, and counted once', async () => {
    const db = testDb.database.db;
    const { row } = await createRun(db, {
      orgId: ORG,
      customerId: 'C0',
      kind: 'full',
      trigger: 'manual',
      requestedBy: null,
    });
    await planShards(db, ORG, row.id, 'telemetry', ['fleet']);
    const [checkpoint] = await listCheckpoints(db, ORG, row.id, 'telemetry');
    if (!checkpoint) throw new Error('no checkpoint');
    const tracker = new SyncProgressTracker({});
    const committed: CommittedPage[] = [];
    const ctx: SyncContext = {
      db,
      google: {} as GoogleClient,
      orgId: ORG,
      customerId: 'C0',
      runId: row.id,
      kind: 'full',
      tracker,
      signal: new AbortController().signal,
      deviceTable: 'fleet_device',
      concurrency: 1,
      onPageCommitted: async (page) => {
        committed.push(page);
      },
    };
    // Another session that holds what the page's transaction asks for next, then asks for what the
    // page holds: PostgreSQL finds the cycle from the page's side, which waited first.
    const other = new pg.Client({ connectionString: testDb.url });
    await other.connect();
    let writes = 0;
    let closing: Promise<unknown> = Promise.resolve();
    const written: number[] = [];
    const shard: PagedShard<number, number[], number> = {
      phase: 'telemetry',
      checkpoint,
      async *pages() {
        yield { items: [1, 2, 3], pageToken: undefined, nextPageToken: undefined };
      },
      prepare: async (items) => [...items],
      write: async (trx, items) => {
        writes += 1;
        if (writes === 1) {
          await sql`select pg_advisory_xact_lock(39001)`.execute(trx);
          await other.query('begin');
          await other.query('select pg_advisory_xact_lock(39002)');
          const waiting = sql`select pg_advisory_xact_lock(39002)`.execute(trx);
          await new Promise((resolve) => setTimeout(resolve, 300));
          // Gets its lock once the page's transaction, the one PostgreSQL ends, has rolled back.
          closing = other.query('select pg_advisory_xact_lock(39001)').then(
            () => other.query('commit'),
            (error: unknown) => error,
          );
          await waiting;
        }
        written.push(...items);
        return items.length;
      },
      committed: (count) => tracker.addTelemetryPage(count),
    };
    try {
      await walkShard(ctx, shard, ctx.signal);
      expect(await closing).not.toBeInstanceOf(Error);
    } finally {
      await other.end();
    }
    expect(writes).toBe(2);
    expect(written).toEqual([1, 2, 3]);
    expect(committed).toEqual([{ runId: row.id, phase: 'telemetry', shard: 'fleet', items: 3, more: false }]);
    expect(tracker.progress.telemetrySamples).toBe(3);
    expect(tracker.errors.map((error) => error.code)).toEqual(['page_retried']);
    const [after] = await listCheckpoints(db, ORG, row.id, 'telemetry');
    expect(after).toMatchObject({ done: true, items: 3, pages: 1 });
  });
});

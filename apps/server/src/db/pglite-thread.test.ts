import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteThread } from './pglite-thread.ts';

/** The embedded database on its own thread keeps PGlite's rules (decision 014). */
describe('PGlite on its own thread', () => {
  let pglite: PgliteThread;
  beforeAll(async () => {
    pglite = await PgliteThread.start(undefined);
    await pglite.exec('create table t (id int primary key, note text not null)');
  });
  afterAll(async () => {
    await pglite.close();
  });

  it('returns rows with their types and the affected row count', async () => {
    const inserted = await pglite.query('insert into t values ($1, $2), ($3, $4)', [1, 'a', 2, 'b']);
    expect(inserted.affectedRows).toBe(2);
    const { rows } = await pglite.query<{ id: number; at: Date; big: bigint }>(
      `select id, timestamptz '2026-01-02T03:04:05Z' as at, 9007199254740993::int8 as big from t order by id`,
    );
    expect(rows.map((row) => row.id)).toEqual([1, 2]);
    expect(rows[0]?.at).toEqual(new Date('2026-01-02T03:04:05Z'));
    expect(rows[0]?.big).toBe(9007199254740993n);
  });

  it("carries PostgreSQL's error fields across the thread", async () => {
    const failure = await pglite.query('insert into t values (1, $1)', ['again']).catch((e: unknown) => e);
    expect(failure).toMatchObject({ code: '23505', constraint: 't_pkey', table: 't' });
    expect((failure as Error).message).toMatch(/duplicate key/);
  });

  it('holds every other statement while a transaction is open', async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = pglite.transaction(async (tx) => {
      await tx.query('insert into t values (10, $1)', ['in transaction']);
      order.push('inserted');
      await held;
      order.push('committing');
    });
    // Issued while the transaction is open: runs after it commits, and sees its row.
    const outside = pglite
      .query<{ n: number }>('select count(*)::int as n from t where id = 10')
      .then((r) => {
        order.push('outside');
        return r.rows[0]?.n;
      });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(order).toEqual(['inserted']);
    release();
    await transaction;
    expect(await outside).toBe(1);
    expect(order).toEqual(['inserted', 'committing', 'outside']);
  });

  it('runs statements sent together in a transaction in the order they were sent (decision 022)', async () => {
    const results = await pglite.transaction(async (tx) =>
      Promise.all([
        tx.query('insert into t values (30, $1)', ['first']),
        tx.query("update t set note = note || ', second' where id = 30"),
        tx.query<{ note: string; open: boolean }>(
          'select note, now() = statement_timestamp() as open from t where id = 30',
        ),
      ]),
    );
    // In a transaction now() is its start, before this statement's own timestamp.
    expect(results[2].rows).toEqual([{ note: 'first, second', open: false }]);
    const failed = await pglite
      .transaction(async (tx) =>
        Promise.all([
          tx.query('insert into t values (31, $1)', ['lost']),
          tx.query('select 1/0'),
          tx.query('insert into t values (32, $1)', ['lost']),
        ]),
      )
      .catch((e: unknown) => e);
    // The first failure is the one reported; the statements after it ran in the aborted transaction.
    expect(failed).toMatchObject({ code: '22012' });
    const { rows } = await pglite.query<{ id: number }>('select id from t where id in (31, 32)');
    expect(rows).toEqual([]);
  });

  it('runs statements sent together outside transactions in order, and a transaction between them whole (decision 024)', async () => {
    const before = [
      pglite.query('insert into t values (40, $1)', ['first']),
      pglite.query("update t set note = note || ', second' where id = 40"),
    ];
    let inside: unknown;
    // Asked for after them: it starts once they have run, and what is asked for after it waits for it.
    const transaction = pglite.transaction(async (tx) => {
      await tx.query("update t set note = note || ', in transaction' where id = 40");
      inside = (await tx.query<{ note: string }>('select note from t where id = 40')).rows[0]?.note;
    });
    const after = pglite.query<{ note: string }>('select note from t where id = 40');
    await Promise.all([...before, transaction]);
    expect(inside).toBe('first, second, in transaction');
    expect((await after).rows).toEqual([{ note: 'first, second, in transaction' }]);
  });

  it('rolls back when the callback throws, and reports an aborted transaction on commit', async () => {
    await expect(
      pglite.transaction(async (tx) => {
        await tx.query('insert into t values (20, $1)', ['rolled back']);
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    const aborted = await pglite
      .transaction(async (tx) => {
        await tx.query('insert into t values (21, $1)', ['lost']);
        await tx.query('select 1/0').catch(() => undefined);
      })
      .catch((e: unknown) => e);
    expect(aborted).toMatchObject({ code: '25P02' });
    const { rows } = await pglite.query<{ id: number }>('select id from t where id in (20, 21)');
    expect(rows).toEqual([]);
  });

  it('delivers notifications to listeners until they unlisten', async () => {
    const payloads: string[] = [];
    const unlisten = await pglite.listen('fleet_changes', (payload) => payloads.push(payload));
    await pglite.query(`select pg_notify('fleet_changes', 'one')`);
    await unlisten();
    await pglite.query(`select pg_notify('fleet_changes', 'two')`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(payloads).toEqual(['one']);
  });

  it('runs PostgreSQL with the memory settings that bound its WebAssembly memory (decision 017)', async () => {
    const { rows } = await pglite.query<{ shared_buffers: string; maintenance_work_mem: string }>(
      `select current_setting('shared_buffers') as shared_buffers,
              current_setting('maintenance_work_mem') as maintenance_work_mem`,
    );
    expect(rows).toEqual([{ shared_buffers: '32MB', maintenance_work_mem: '16MB' }]);
    // PGlite's own start parameters are kept beside them.
    const { rows: searchPath } = await pglite.query<{ search_path: string }>('show search_path');
    expect(searchPath[0]?.search_path).toBe('public');
  });

  it('refuses statements once closed, with a clear error', async () => {
    const other = await PgliteThread.start(undefined);
    await other.close();
    expect(other.closed).toBe(true);
    await expect(other.query('select 1')).rejects.toThrow('The embedded database is closed.');
  });
});

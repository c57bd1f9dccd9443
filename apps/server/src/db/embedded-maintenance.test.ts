import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.ts';
import { maintainTables, startEmbeddedMaintenance, tablesDueForMaintenance } from './embedded-maintenance.ts';
import type { DB } from './schema.ts';

async function plannedRows(db: Kysely<DB>, table: string): Promise<number> {
  const { rows } = await sql<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>`
    explain (format json) select * from ${sql.table(table)}`.execute(db);
  return rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0;
}

async function deadRows(db: Kysely<DB>, table: string): Promise<number> {
  await sql`select pg_stat_force_next_flush()`.execute(db);
  const { rows } = await sql<{ n: number }>`
    select n_dead_tup::int as n from pg_stat_user_tables where relname = ${table}`.execute(db);
  return rows[0]?.n ?? 0;
}

describe('maintenance of the embedded database (PGlite has no autovacuum)', () => {
  let database: Database;
  let db: Kysely<DB>;

  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite-memory' });
    db = database.db;
    for (const table of ['churned', 'grown']) {
      await sql`create table ${sql.table(table)} (id int primary key, v text)`.execute(db);
      await sql`insert into ${sql.table(table)} select g, 'v' || g from generate_series(1, 2000) g`.execute(
        db,
      );
      await sql`analyze ${sql.table(table)}`.execute(db);
    }
  });
  afterAll(async () => {
    await database.close();
  });

  it('vacuums a table with many dead rows and analyzes one that grew, then finds nothing due', async () => {
    // Half the rows rewritten (as an incremental sync rewrites changed devices); 20 % more rows added.
    await sql`update churned set v = v || '!' where id <= 1000`.execute(db);
    await sql`insert into grown select g, 'v' || g from generate_series(2001, 2400) g`.execute(db);
    // Without a vacuum the planner counts the dead space as rows.
    expect(await plannedRows(db, 'churned')).toBeGreaterThan(2500);
    expect(await deadRows(db, 'churned')).toBe(1000);

    const due = await tablesDueForMaintenance(db);
    expect(due).toContainEqual({ table: 'public.churned', action: 'vacuum' });
    expect(due).toContainEqual({ table: 'public.grown', action: 'analyze' });

    const done = await maintainTables(db);
    expect(done).toEqual(expect.arrayContaining(due));
    expect(await deadRows(db, 'churned')).toBe(0);
    expect(Math.abs((await plannedRows(db, 'churned')) - 2000)).toBeLessThanOrEqual(100);
    expect(Math.abs((await plannedRows(db, 'grown')) - 2400)).toBeLessThanOrEqual(100);
    const again = await tablesDueForMaintenance(db);
    expect(again.map((entry) => entry.table)).not.toContain('public.churned');
    expect(again.map((entry) => entry.table)).not.toContain('public.grown');
  });

  it('leaves a table under the thresholds alone', async () => {
    await sql`update churned set v = v || '?' where id <= 10`.execute(db);
    const due = await tablesDueForMaintenance(db);
    expect(due.map((entry) => entry.table)).not.toContain('public.churned');
  });

  it('runs a requested pass in the background, never two at once, and stops cleanly', async () => {
    await sql`update grown set v = v || '!' where id <= 1500`.execute(db);
    const passes: string[][] = [];
    const maintenance = startEmbeddedMaintenance(database, {
      onDone: (tables) => passes.push(tables.map((entry) => entry.table)),
      onError: (error) => {
        throw error;
      },
    });
    expect(maintenance).toBeDefined();
    maintenance?.request();
    // Asked again while the first pass runs: one more pass, after it.
    maintenance?.request();
    await maintenance?.stop();
    expect(passes[0]).toContain('public.grown');
    expect(await deadRows(db, 'grown')).toBe(0);
  });

  it('leaves a PostgreSQL server to its own autovacuum', () => {
    expect(startEmbeddedMaintenance({ dialect: 'postgres' } as Database)).toBeUndefined();
  });
});

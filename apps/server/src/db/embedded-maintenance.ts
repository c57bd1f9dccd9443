import { sql, type Kysely } from 'kysely';
import type { Database } from './client.ts';
import type { DB } from './schema.ts';

/**
 * PGlite runs PostgreSQL as one process: there is no autovacuum. Without it every updated or
 * deleted row stays as dead space (an incremental sync rewrites each changed device, the job queue
 * and sync progress rewrite their rows all day), tables and indexes only grow, and the planner's
 * estimates drift with the growth (the fleet's "about N devices" rose with every sync). This does
 * autovacuum's job on PGlite: after each sync and once an hour, tables past its thresholds are
 * vacuumed or analyzed. PostgreSQL servers keep their own autovacuum and are left alone.
 *
 * The thresholds are autovacuum's rule at tighter scale factors: vacuum at 50 + 10 % of a table's
 * rows dead (half autovacuum's 20 %), analyze at 50 + 2.5 % changed (a quarter of its 10 %), since
 * an analyze is what sets the fleet's estimate right and costs less than a vacuum. The counters
 * behind them live in memory and start from zero when PGlite starts.
 */

const VACUUM_BASE = 50;
const VACUUM_SCALE = 0.1;
const ANALYZE_BASE = 50;
const ANALYZE_SCALE = 0.025;
const PERIOD_MS = 60 * 60_000;

export interface TableMaintenance {
  readonly table: string;
  readonly action: 'vacuum' | 'analyze';
}

/** The tables past a threshold, with what each needs. */
export async function tablesDueForMaintenance(db: Kysely<DB>): Promise<TableMaintenance[]> {
  // A backend hands its counters over at most once a second; the last statements' too, now.
  await sql`select pg_stat_force_next_flush()`.execute(db);
  const { rows } = await sql<{ table: string; vacuum: boolean }>`
    select format('%I.%I', s.schemaname, s.relname) as table,
      s.n_dead_tup > ${VACUUM_BASE} + ${VACUUM_SCALE} * greatest(c.reltuples, 0) as vacuum
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    where s.n_dead_tup > ${VACUUM_BASE} + ${VACUUM_SCALE} * greatest(c.reltuples, 0)
      or s.n_mod_since_analyze > ${ANALYZE_BASE} + ${ANALYZE_SCALE} * greatest(c.reltuples, 0)
    order by s.relname`.execute(db);
  return rows.map((row) => ({ table: row.table, action: row.vacuum ? 'vacuum' : 'analyze' }));
}

/** Why: one pass; each table alone, so a table dropped meanwhile fails only its own statement. */
export async function maintainTables(db: Kysely<DB>): Promise<TableMaintenance[]> {
  const due = await tablesDueForMaintenance(db);
  const done: TableMaintenance[] = [];
  for (const { table, action } of due) {
    const statement = action === 'vacuum' ? 'vacuum (analyze)' : 'analyze';
    try {
      await sql`${sql.raw(statement)} ${sql.raw(table)}`.execute(db);
      done.push({ table, action });
    } catch (error) {
      // A load table attached or dropped by a sync since the list was read: nothing to keep.
      if (!(error instanceof Error && 'code' in error && error.code === '42P01')) throw error;
    }
  }
  return done;
}

export interface EmbeddedMaintenance {
  /** Asks for a pass soon (after a sync); passes never overlap. */
  request(): void;
  stop(): Promise<void>;
}

/** Why: started with the server on PGlite only; `undefined` on PostgreSQL. */
export function startEmbeddedMaintenance(
  database: Database,
  options: {
    readonly onDone?: (tables: readonly TableMaintenance[]) => void;
    readonly onError?: (error: Error) => void;
    readonly periodMs?: number;
  } = {},
): EmbeddedMaintenance | undefined {
  if (database.dialect !== 'pglite') return undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const pass = async (): Promise<void> => {
    try {
      const done = await maintainTables(database.db);
      if (done.length) options.onDone?.(done);
    } catch (error) {
      if (!stopped) options.onError?.(error instanceof Error ? error : new Error(String(error)));
    }
  };
  const request = (): void => {
    if (stopped) return;
    if (running) {
      // Asked during a pass: one more pass after it, for what the pass may not have seen.
      again = true;
      return;
    }
    again = false;
    running = pass().finally(() => {
      running = undefined;
      if (again) request();
    });
  };
  const timer = setInterval(request, options.periodMs ?? PERIOD_MS);
  timer.unref();
  return {
    request,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

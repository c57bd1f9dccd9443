/**
 * bench:dashboard — how fast `GET /api/dashboard` answers at fleet scale, from the rollups the
 * sync maintains, for a whole-organization caller and for a member limited to one school of 40
 * (the sum of that school's per-unit rollups), next to the naive ways they replace (the same
 * GROUP BY aggregates run over the device table on every request, whole and scoped).
 *   npm run bench:dashboard -- --devices 100000 --databases embedded,postgres --requests 200
 * Per database: a fresh database, `--devices` device rows written directly with SQL (a spread of
 * statuses, models, AUE dates, OS versions, battery and compliance states, last syncs and 40
 * schools of 6 grades each; the dashboard reads only typed columns, and each row carries a 1 KB
 * JSON like a stored device's inline part), rollup refreshes as the sync runs them, then the route
 * (zod response schema and serialization included, through Fastify's inject) `--requests` times
 * for each caller, alternating unscoped and scoped so both see the same machine. The scoped
 * figures are checked against the live aggregate before timing. Goal: scoped p95 within 2× of
 * unscoped.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { Database } from '../apps/server/src/db/client.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { loadDashboard } from '../apps/server/src/modules/dashboard/dashboard.service.ts';
import { refreshRollups } from '../apps/server/src/modules/fleet-store/fleet-rollups.ts';
import { dashboardRoutes, type DashboardCaller } from '../apps/server/src/routes/dashboard.routes.ts';
import type { DashboardResponse } from '../packages/shared/src/dashboard-contract.ts';
import { openFreshDatabase } from './lib/bench-database.ts';
import {
  chosenDatabases,
  DATABASE_FLAGS,
  inRounds,
  printComparison,
  ROUNDS_FLAG,
  type DatabaseKind,
} from './lib/compare.ts';
import { benchFlags, percentile, printFigures, printTable, round } from './lib/report.ts';

const flags = benchFlags({
  devices: { type: 'string', default: '100000' },
  ...DATABASE_FLAGS,
  ...ROUNDS_FLAG,
  requests: { type: 'string', default: '200' },
  /** Requests of the naive variant (each one scans the fleet). */
  'naive-requests': { type: 'string', default: '30' },
});

const ORG = 'org-bench';
const SCHOOLS = 40;
/** The scoped member's one school (1/40 of the fleet, six grade units). */
const SCOPED_PATHS = ['/School 7'];
/** Scoped p95 within this multiple of unscoped p95. */
const GOAL_SCOPED_RATIO = 2;
const devices = Number(flags.devices);

interface Figures {
  database: string;
  devices: number;
  loadSeconds: number;
  refreshMs: number;
  rollupRows: number;
  ouRollupRows: number;
  api: Timing;
  scoped: Timing;
  scopedToUnscopedP95: number;
  naive: Timing;
  scopedLive: Timing;
}
interface Timing {
  p50: number;
  p95: number;
  max: number;
  runs: number;
}

/** Writes the fleet in chunks of one INSERT … SELECT each; values follow a fixed hash of the row number. */
async function loadFleet(database: Database): Promise<void> {
  const chunk = 20_000;
  for (let start = 1; start <= devices; start += chunk) {
    const end = Math.min(devices, start + chunk - 1);
    await sql`
      insert into fleet_device (org_id, device_id, customer_id, serial_number, status, model, org_unit_path,
        last_sync, aue_date, os_version, os_compliance, os_update_state, boot_mode, storage_total_bytes,
        storage_free_bytes, battery_health, raw, content_hash)
      select ${ORG}, 'dev-' || i, 'C0bench', 'SN' || lpad(i::text, 9, '0'),
        case when h % 100 < 88 then 'ACTIVE' when h % 100 < 91 then 'DISABLED'
          when h % 100 < 98 then 'DEPROVISIONED' else 'PRE_PROVISIONED' end,
        'Chromebook model ' || (h % 30),
        '/School ' || (i % ${SCHOOLS}::int) || '/Grade ' || (h % 6),
        case when h % 50 = 0 then null else now() - make_interval(secs => ((h % 1000) ^ 2 / 1000.0) * 86400 / 4) end,
        date '2021-06-30' + ((h % 30) * 150)::int,
        case when h % 40 = 0 then null else (158 - (h / 7 % 100) ^ 2 / 1600)::int || '.0.7258.' || (h % 200) end,
        (array['compliant', 'compliant', 'pending', 'notCompliant'])[h % 4 + 1],
        case when h % 4 = 2 then 'updateStateNeedReboot' else null end,
        case when h % 300 = 0 then 'Dev' else 'Verified' end,
        64000000000, (h % 997)::bigint * 64000000,
        case when h % 20 = 0 then 'BATTERY_REPLACE_SOON' when h % 97 = 0 then 'BATTERY_REPLACE_NOW'
          when h % 7 = 0 then null else 'BATTERY_HEALTH_NORMAL' end,
        jsonb_build_object('deviceId', 'dev-' || i, 'notes', repeat('x', 1000)),
        md5(i::text)
      from (select i, (i::bigint * 2654435761) % 4294967296 as h from generate_series(${start}::int, ${end}::int) i) s`.execute(
      database.db,
    );
  }
  await sql`analyze fleet_device`.execute(database.db);
  await sql`
    insert into sync_run (org_id, customer_id, kind, trigger, status, phase, started_at, finished_at)
    values (${ORG}, 'C0bench', 'full', 'manual', 'succeeded', 'done', now(), now())`.execute(database.db);
}

async function time(runs: number, request: () => Promise<void>): Promise<Timing> {
  return (await timeAlternating(runs, [request]))[0] as Timing;
}

/** Times each request `runs` times, taking them in turn, so a busy minute weighs on all alike. */
async function timeAlternating(runs: number, requests: readonly (() => Promise<void>)[]): Promise<Timing[]> {
  for (let i = 0; i < Math.min(5, runs); i++) for (const request of requests) await request();
  const samples = requests.map((): number[] => []);
  for (let i = 0; i < runs; i++) {
    for (const [index, request] of requests.entries()) {
      const started = performance.now();
      await request();
      samples[index]?.push(performance.now() - started);
    }
  }
  return samples.map((list) => {
    list.sort((a, b) => a - b);
    return {
      p50: round(percentile(list, 50), 2),
      p95: round(percentile(list, 95), 2),
      max: round(list.at(-1) ?? Number.NaN, 2),
      runs,
    };
  });
}

async function dashboardApp(
  database: Database,
  caller: { current: DashboardCaller },
): Promise<FastifyInstance> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(dashboardRoutes, {
    db: database.db,
    access: { requirePermission: () => async () => undefined, callerOf: async () => caller.current },
  });
  await app.ready();
  return app;
}

async function runDatabase(kind: DatabaseKind): Promise<Figures> {
  const { database, cleanup } = await openFreshDatabase(kind, flags['postgres-url'], 'fleetdeck_bench');
  try {
    await migrateToLatest(database.db);
    const loadStarted = performance.now();
    await loadFleet(database);
    const loadSeconds = round((performance.now() - loadStarted) / 1000, 1);
    const refreshSamples: number[] = [];
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      await database.db.transaction().execute((trx) => refreshRollups(trx, ORG));
      refreshSamples.push(performance.now() - started);
    }
    const rollupRows = await sql<{ n: number; ou: number }>`
      select (select count(*)::int from fleet_rollup where org_id = ${ORG}) as n,
        (select count(*)::int from fleet_ou_rollup where org_id = ${ORG}) as ou`.execute(database.db);
    const whole: DashboardCaller = {
      orgId: ORG,
      userId: 'bench',
      email: 'bench@example.edu',
      ouPaths: ['/'],
    };
    const scopedCaller: DashboardCaller = { ...whole, ouPaths: SCOPED_PATHS };
    const caller = { current: whole };
    const app = await dashboardApp(database, caller);
    const get = async (as: DashboardCaller) => {
      caller.current = as;
      const response = await app.inject({ method: 'GET', url: '/api/dashboard' });
      if (response.statusCode !== 200) throw new Error(`GET /api/dashboard answered ${response.statusCode}`);
      return response.json<DashboardResponse>();
    };
    try {
      // What is timed must be right: the scoped answer equals the live aggregate over its school.
      const scopedView = await get(scopedCaller);
      const reference = await loadDashboard(database.db, {
        orgId: ORG,
        ouPaths: SCOPED_PATHS,
        source: 'live',
      });
      if (JSON.stringify({ ...reference, trends: scopedView.trends }) !== JSON.stringify(scopedView)) {
        throw new Error('the scoped dashboard differs from the live aggregate over its units');
      }
      if (scopedView.total.count * (SCHOOLS / 2) > devices) throw new Error('the scope is not one school');
      const [api, scoped] = (await timeAlternating(Number(flags.requests), [
        async () => {
          await get(whole);
        },
        async () => {
          await get(scopedCaller);
        },
      ])) as [Timing, Timing];
      // The naive dashboard: the same GROUP BY aggregates over the device table on every request
      // (the service without the route, so Fastify's small share is not counted against it).
      const naive = await time(Number(flags['naive-requests']), async () => {
        JSON.stringify(await loadDashboard(database.db, { orgId: ORG, ouPaths: ['/'], source: 'live' }));
      });
      // The scoped dashboard as it was computed before the per-unit rollups: live over the school.
      const scopedLive = await time(Number(flags['naive-requests']), async () => {
        JSON.stringify(
          await loadDashboard(database.db, { orgId: ORG, ouPaths: SCOPED_PATHS, source: 'live' }),
        );
      });
      return {
        database: kind,
        devices,
        loadSeconds,
        refreshMs: round(refreshSamples.sort((a, b) => a - b)[1] ?? Number.NaN, 1),
        rollupRows: rollupRows.rows[0]?.n ?? 0,
        ouRollupRows: rollupRows.rows[0]?.ou ?? 0,
        api,
        scoped,
        scopedToUnscopedP95: round(scoped.p95 / api.p95, 2),
        naive,
        scopedLive,
      };
    } finally {
      await app.close();
    }
  } finally {
    await cleanup();
  }
}

const results: Figures[] = [];
const runs = await inRounds(chosenDatabases(flags.databases), Number(flags.rounds), async (kind) => {
  process.stdout.write(`Writing ${devices} devices to a fresh ${kind} database and measuring...\n`);
  const r = await runDatabase(kind);
  results.push(r);
  return {
    'unscoped p50 ms': r.api.p50,
    'unscoped p95 ms': r.api.p95,
    'scoped p50 ms': r.scoped.p50,
    'scoped p95 ms': r.scoped.p95,
    'naive whole p95 ms': r.naive.p95,
    'scoped live p95 ms': r.scopedLive.p95,
    'rollup refresh ms': r.refreshMs,
    'load s': r.loadSeconds,
  };
});

printTable(
  `GET /api/dashboard at ${devices} devices (ms; whole organization vs a member scoped to ${SCOPED_PATHS.join(', ')} of ${SCHOOLS} schools)`,
  results.map((r) => ({
    database: r.database,
    'unscoped p50': r.api.p50,
    'unscoped p95': r.api.p95,
    'scoped p50': r.scoped.p50,
    'scoped p95': r.scoped.p95,
    [`scoped/unscoped p95 (goal ≤ ${GOAL_SCOPED_RATIO})`]: r.scopedToUnscopedP95,
  })),
);
printTable(
  'What the rollups replace (ms; the same aggregates over the device table per request) and what they cost',
  results.map((r) => ({
    database: r.database,
    'naive whole p50': r.naive.p50,
    'naive whole p95': r.naive.p95,
    'scoped live p50': r.scopedLive.p50,
    'scoped live p95': r.scopedLive.p95,
    'rollup refresh ms': r.refreshMs,
    'rollup rows': r.rollupRows,
    'unit rollup rows': r.ouRollupRows,
    'load s': r.loadSeconds,
  })),
);
const comparison = printComparison(`GET /api/dashboard at ${devices} devices`, runs);
printFigures('dashboard', {
  devices,
  goalP95Ms: 50,
  goalScopedToUnscopedP95: GOAL_SCOPED_RATIO,
  scopedOuPaths: SCOPED_PATHS,
  results,
  runs,
  comparison,
});

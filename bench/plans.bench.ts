/**
 * bench:plans — how long building a change plan from a 100,000-row CSV update takes, next to
 * resolving the same serials with paste-a-list in the same run (goal: plan ≤ 3× paste-a-list).
 *   npm run bench:plans -- --devices 120000 --rows 100000 --databases embedded --rounds 3
 * Per database: a fresh database, `--devices` devices in 40 schools of 6 grades written with SQL,
 * then a CSV keyed by serial with a location, notes and a new OU for every tenth row (5% of its
 * serials match no device). Each round times, in alternating order, paste-a-list
 * (`resolvePastedList`, the service behind POST /api/devices/resolve) over the same serials in
 * pieces of 20,000 (its limit per paste), and the plan build (`buildCsvPlan`, the service behind
 * POST /api/plans/csv) reading the CSV as 64 KB chunks of a stream, matching, classifying and
 * writing one item per row. Figures are medians over the rounds; the ratio is the median of each
 * round's ratio (its two parts ran back to back on the same machine minute).
 */
import os from 'node:os';
import { sql } from 'kysely';
import type { Database } from '../apps/server/src/db/client.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import type { DeviceTenant } from '../apps/server/src/modules/devices/device-tenant.ts';
import { resolvePastedList } from '../apps/server/src/modules/fleet/device-resolve.ts';
import { scopePredicate } from '../apps/server/src/modules/fleet/fleet-scope.ts';
import { buildCsvPlan } from '../apps/server/src/modules/plans/csv-plan-build.ts';
import type { CsvMapping } from '../packages/shared/src/plan-contract.ts';
import { openFreshDatabase } from './lib/bench-database.ts';
import { chosenDatabases, DATABASE_FLAGS, ROUNDS_FLAG, type DatabaseKind } from './lib/compare.ts';
import { benchFlags, cpuProbeMs, printFigures, printTable, round } from './lib/report.ts';

const flags = benchFlags({
  devices: { type: 'string', default: '120000' },
  rows: { type: 'string', default: '100000' },
  ...DATABASE_FLAGS,
  databases: { type: 'string', default: 'embedded' },
  ...ROUNDS_FLAG,
  rounds: { type: 'string', default: '3' },
});

const ORG = 'org-bench';
const SCHOOLS = 40;
const PASTE_LINES = 20_000;
const GOAL_RATIO = 3;
const devices = Number(flags.devices);
const rows = Number(flags.rows);

const tenant: DeviceTenant = {
  orgId: ORG,
  customerId: 'C0bench',
  userId: 'bench',
  role: 'admin',
  allowedOuPaths: ['/'],
  wholeTree: true,
};

const MAPPING: CsvMapping = {
  key: { column: 'Serial', by: 'serial' },
  columns: [
    { column: 'Location', field: 'annotatedLocation', blank: 'leave' },
    { column: 'Notes', field: 'notes', blank: 'leave' },
    { column: 'New OU', field: 'orgUnitPath', blank: 'leave' },
  ],
  notes: 'replace',
};

const serialOf = (i: number) => `SN${String(i).padStart(9, '0')}`;
const unitOf = (i: number) => `/School ${i % SCHOOLS}/Grade ${(i * 7) % 6}`;

async function loadFleet(database: Database): Promise<void> {
  const db = database.db;
  await db
    .insertInto('org')
    .values({ id: ORG, name: 'Bench District', google_customer_id: 'C0bench' })
    .execute();
  const units = [
    '/',
    ...Array.from({ length: SCHOOLS }, (_, s) => [
      `/School ${s}`,
      ...Array.from({ length: 6 }, (_, g) => `/School ${s}/Grade ${g}`),
    ]).flat(),
  ];
  await db
    .insertInto('fleet_org_unit')
    .values(
      units.map((path) => ({
        org_id: ORG,
        org_unit_id: `id:${path}`,
        org_unit_path: path,
        parent_org_unit_id: null,
        name: path,
        raw: '{}' as never,
      })),
    )
    .execute();
  for (let start = 1; start <= devices; start += 20_000) {
    const end = Math.min(devices, start + 19_999);
    await sql`
      insert into fleet_device (org_id, device_id, customer_id, serial_number, status, org_unit_path,
        annotated_location, notes, raw, content_hash)
      select ${ORG}, 'dev-' || i, 'C0bench', 'SN' || lpad(i::text, 9, '0'), 'ACTIVE',
        '/School ' || (i % ${SCHOOLS}::int) || '/Grade ' || ((i * 7) % 6),
        'Room ' || (i % 300), case when i % 3 = 0 then 'checked ' || (i % 12) else null end,
        jsonb_build_object('deviceId', 'dev-' || i, 'notes', repeat('x', 1000)), md5(i::text)
      from generate_series(${start}::int, ${end}::int) i`.execute(db);
  }
  await sql`analyze fleet_device`.execute(db);
}

/** Row i: device i (every 20th serial matches none), a new location, notes, every tenth a move. */
function csvText(): { text: string; serials: string[] } {
  const serials: string[] = [];
  const lines = ['Serial,Location,Notes,New OU'];
  for (let i = 1; i <= rows; i++) {
    const serial = i % 20 === 0 ? `NX${String(i).padStart(9, '0')}` : serialOf(i);
    serials.push(serial);
    const move = i % 10 === 0 ? unitOf(i + 1) : '';
    lines.push(`${serial},"Cart ${i % 40}, slot ${i % 30}",Inventory 2027,${move}`);
  }
  return { text: `${lines.join('\r\n')}\r\n`, serials };
}

async function* chunked(text: string): AsyncGenerator<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  for (let at = 0; at < bytes.length; at += 65_536) yield bytes.subarray(at, at + 65_536);
}

interface Round {
  pasteMs: number;
  planMs: number;
  matched: number;
  changes: number;
}

async function oneRound(
  database: Database,
  csv: { text: string; serials: string[] },
  pasteFirst: boolean,
): Promise<Round> {
  const db = database.db;
  const paste = async () => {
    const started = performance.now();
    const scope = await scopePredicate(db, { orgId: ORG, ouPaths: ['/'] });
    let matched = 0;
    for (let at = 0; at < csv.serials.length; at += PASTE_LINES) {
      const text = csv.serials.slice(at, at + PASTE_LINES).join('\n');
      matched += (await resolvePastedList(db, scope, { text, by: 'serial' })).summary.one;
    }
    return { ms: performance.now() - started, matched };
  };
  const plan = async () => {
    const started = performance.now();
    const planId = await buildCsvPlan(db, tenant, { body: chunked(csv.text), mapping: MAPPING });
    const ms = performance.now() - started;
    const row = await db
      .selectFrom('plan')
      .select(['change_count', 'item_count'])
      .where('id', '=', planId)
      .executeTakeFirstOrThrow();
    if (row.item_count !== rows) throw new Error(`the plan holds ${row.item_count} rows, not ${rows}`);
    await db.deleteFrom('plan').where('id', '=', planId).execute();
    return { ms, changes: row.change_count };
  };
  const first = pasteFirst ? await paste() : await plan();
  const second = pasteFirst ? await plan() : await paste();
  const pasted = (pasteFirst ? first : second) as { ms: number; matched: number };
  const planned = (pasteFirst ? second : first) as { ms: number; changes: number };
  return { pasteMs: pasted.ms, planMs: planned.ms, matched: pasted.matched, changes: planned.changes };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function runDatabase(kind: DatabaseKind) {
  const { database, cleanup } = await openFreshDatabase(kind, flags['postgres-url'], 'fleetdeck_bench');
  try {
    await migrateToLatest(database.db);
    process.stdout.write(`Writing ${devices} devices to a fresh ${kind} database...\n`);
    await loadFleet(database);
    const csv = csvText();
    const rounds: Round[] = [];
    for (let r = 0; r < Math.max(1, Number(flags.rounds)); r++) {
      rounds.push(await oneRound(database, csv, r % 2 === 0));
      const last = rounds.at(-1) as Round;
      process.stdout.write(
        `  round ${r + 1}: paste-a-list ${round(last.pasteMs)} ms, plan ${round(last.planMs)} ms\n`,
      );
    }
    const pasteMs = round(median(rounds.map((r) => r.pasteMs)));
    const planMs = round(median(rounds.map((r) => r.planMs)));
    // Each round's two parts ran back to back, so their ratio shares that minute's machine.
    const roundRatio = round(median(rounds.map((r) => r.planMs / r.pasteMs)), 2);
    return {
      database: kind,
      devices,
      rows,
      csvMiB: round(Buffer.byteLength(csv.text) / 2 ** 20, 1),
      pasteMs,
      planMs,
      ratio: roundRatio,
      ratioOfMedians: round(planMs / pasteMs, 2),
      load: round(os.loadavg()[0] ?? Number.NaN, 2),
      matched: rounds[0]?.matched ?? 0,
      changes: rounds[0]?.changes ?? 0,
      rounds: rounds.length,
    };
  } finally {
    await cleanup();
  }
}

const results = [];
for (const kind of chosenDatabases(flags.databases)) results.push(await runDatabase(kind));
printTable(
  `A ${rows}-row CSV update built into a plan vs the same serials resolved with paste-a-list (ms, median of the rounds)`,
  results.map((r) => ({
    database: r.database,
    devices: r.devices,
    'CSV MiB': r.csvMiB,
    'paste-a-list ms': r.pasteMs,
    'plan build ms': r.planMs,
    [`plan / paste, median of rounds (goal ≤ ${GOAL_RATIO})`]: r.ratio,
    'load avg': r.load,
    matched: r.matched,
    changes: r.changes,
  })),
);
printFigures('plans', { goalRatio: GOAL_RATIO, cpuProbeMs: cpuProbeMs(), results });

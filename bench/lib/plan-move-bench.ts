/**
 * bench:plans, second goal: a change plan moving `--move-devices` devices (10,000) to one unit,
 * run against the Google emulator holding Google to its "Write requests for Chrome Devices" quota
 * (`--writes-per-minute`, 60: the free Education limit) with the organization's write budget at
 * the same figure. Moves go 50 devices a call, so the quota's floor is calls ÷ quota (200 calls at
 * 60 a minute: 200 s); the goal is to end within 1.1× of it, with no write refused by Google.
 * Per database: a fresh database, the emulator's units and devices copied in with SQL (reads do
 * not count against the write quota), the plan built from a CSV keyed by device id (the service
 * behind POST /api/plans/csv), started as the run route leaves it, and run by the plan runner to
 * its end in this process.
 */
import { sql, type Kysely } from 'kysely';
import type { ChromeOsDevice } from '../../packages/google/src/directory/chromeos-device.schema.ts';
import { createGoogleClient, type GoogleClient } from '../../packages/google/src/google-client.ts';
import { baseUrlsForOrigin } from '../../packages/google/src/google-hosts.ts';
import { createEmulator } from '../../packages/google-emulator/src/emulator.ts';
import type { CsvMapping } from '../../packages/shared/src/plan-contract.ts';
import type { DB } from '../../apps/server/src/db/schema.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';
import { buildCsvPlan } from '../../apps/server/src/modules/plans/csv-plan-build.ts';
import { runView } from '../../apps/server/src/modules/plans/plan-progress.ts';
import { runCounts } from '../../apps/server/src/modules/plans/plan-run.repository.ts';
import { createPlanRunner } from '../../apps/server/src/modules/plans/plan-runner.ts';
import { findPlan } from '../../apps/server/src/modules/plans/plans.repository.ts';
import { openFreshDatabase } from './bench-database.ts';
import type { DatabaseKind } from './compare.ts';
import { round } from './report.ts';

const ORG = 'org-bench-move';
const USER = 'bench-admin';
export const MOVE_GOAL_RATIO = 1.1;
const SCOPES = ['admin.directory.device.chromeos', 'admin.directory.orgunit'].map(
  (scope) => `https://www.googleapis.com/auth/${scope}`,
);

async function copyFleet(db: Kysely<DB>, google: GoogleClient, customerId: string): Promise<void> {
  await db
    .insertInto('org')
    .values({ id: ORG, name: 'Bench District', google_customer_id: customerId })
    .execute();
  await sql`create table if not exists "user" (id text primary key, email text not null, name text not null,
    "twoFactorEnabled" boolean)`.execute(db);
  await sql`insert into "user" (id, email, name) values (${USER}, 'bench@bench.example', 'Bench')`.execute(
    db,
  );
  await db.insertInto('org_member').values({ org_id: ORG, user_id: USER, role: 'admin' }).execute();
  const units = await google.directory.listOrgUnits({ type: 'allIncludingParent' });
  await db
    .insertInto('fleet_org_unit')
    .values(
      units.map((unit) => ({
        org_id: ORG,
        org_unit_id: unit.orgUnitId,
        org_unit_path: unit.orgUnitPath,
        parent_org_unit_id: unit.parentOrgUnitId ?? null,
        name: unit.name ?? '/',
        raw: '{}' as never,
      })),
    )
    .onConflict((c) => c.doNothing())
    .execute();
  for await (const page of google.directory.iterateChromeOsDevicePages({
    maxResults: 300,
    projection: 'BASIC',
  })) {
    const rows = page.items.map((device: ChromeOsDevice) => ({
      org_id: ORG,
      device_id: device.deviceId,
      customer_id: customerId,
      serial_number: device.serialNumber ?? null,
      status: device.status ?? null,
      org_unit_path: device.orgUnitPath ?? null,
      org_unit_id: device.orgUnitId ?? null,
      annotated_user: device.annotatedUser ?? null,
      annotated_location: device.annotatedLocation ?? null,
      annotated_asset_id: device.annotatedAssetId ?? null,
      notes: device.notes ?? null,
      raw: JSON.stringify({ deviceId: device.deviceId }) as never,
      content_hash: device.deviceId,
    }));
    if (rows.length > 0) await db.insertInto('fleet_device').values(rows).execute();
  }
  await sql`analyze fleet_device`.execute(db);
}

/** The unit with the fewest devices, and `count` devices elsewhere, as a CSV moving them there. */
async function moveCsv(db: Kysely<DB>, count: number): Promise<{ target: string; csv: string }> {
  const { rows } = await sql<{ path: string }>`select u.org_unit_path as path from fleet_org_unit u
    left join fleet_device d on d.org_id = u.org_id and d.org_unit_path = u.org_unit_path
    where u.org_id = ${ORG} and u.org_unit_path != '/' group by u.org_unit_path
    order by count(d.device_id), u.org_unit_path limit 1`.execute(db);
  const target = rows[0]?.path ?? '/';
  const devices = await db
    .selectFrom('fleet_device')
    .select('device_id')
    .where('org_id', '=', ORG)
    .where('org_unit_path', '!=', target)
    .orderBy('device_id')
    .limit(count)
    .execute();
  if (devices.length < count)
    throw new Error(`the emulator's fleet has ${devices.length} devices to move, not ${count}`);
  const lines = ['Device ID,New OU', ...devices.map((d) => `${d.device_id},"${target}"`)];
  return { target, csv: `${lines.join('\r\n')}\r\n` };
}

async function* chunked(text: string): AsyncGenerator<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  for (let at = 0; at < bytes.length; at += 65_536) yield bytes.subarray(at, at + 65_536);
}

const MAPPING: CsvMapping = {
  key: { column: 'Device ID', by: 'deviceId' },
  columns: [{ column: 'New OU', field: 'orgUnitPath', blank: 'leave' }],
  notes: 'replace',
};

export async function benchPlanMove(
  kind: DatabaseKind,
  postgresUrl: string,
  options: { devices: number; writesPerMinute: number },
) {
  const emulator = createEmulator({ size: Math.ceil(options.devices * 1.1) + 500, seed: 43 });
  const origin = await emulator.listen(0);
  const admin = emulator.oauth.admins()[0];
  if (!admin) throw new Error('the emulator has no demo admin');
  const token = emulator.oauth.mintAccessToken({ email: admin.email, scopes: SCOPES });
  const customerId = emulator.state.customer.id;
  const client = (maxAttempts: number) =>
    createGoogleClient({
      getAccessToken: () => Promise.resolve(token),
      customerId,
      baseUrls: baseUrlsForOrigin(origin),
      retry: { maxAttempts },
    });
  const { database, cleanup } = await openFreshDatabase(kind, postgresUrl, 'fleetdeck_bench_move');
  try {
    const db = database.db;
    await migrateToLatest(db);
    await copyFleet(db, client(5), customerId);
    await db
      .updateTable('org')
      .set({ plan_writes_per_minute: options.writesPerMinute })
      .where('id', '=', ORG)
      .execute();
    const { target, csv } = await moveCsv(db, options.devices);
    const tenant = {
      orgId: ORG,
      customerId,
      userId: USER,
      role: 'admin' as const,
      allowedOuPaths: ['/'],
      wholeTree: true,
    };
    const planId = await buildCsvPlan(db, tenant, {
      body: chunked(csv),
      mapping: MAPPING,
      fileName: 'move.csv',
    });
    await db
      .updateTable('plan')
      .set({ state: 'running', run_by: USER, approved_at: new Date() })
      .where('id', '=', planId)
      .execute();
    const plan = await findPlan(db, ORG, planId);
    if (plan?.change_count !== options.devices)
      throw new Error(`the plan changes ${plan?.change_count} devices`);
    const predicted = (await runView(db, plan, new Map())).secondsLeft ?? Number.NaN;
    emulator.state.writes.reset();
    emulator.state.writes.setQuota(options.writesPerMinute);
    process.stdout.write(
      `Moving ${options.devices} devices to ${target} at ${options.writesPerMinute} writes a minute (${kind})...\n`,
    );
    const runner = createPlanRunner({ db, googleFor: () => client(1), progress: async () => undefined });
    const started = performance.now();
    const outcome = await runner.run(ORG, planId);
    const seconds = (performance.now() - started) / 1000;
    const writes = emulator.state.writes.describe(Date.now());
    const counts = (await runCounts(db, ORG, [planId])).get(planId);
    const floor = (Math.ceil(options.devices / 50) / options.writesPerMinute) * 60;
    const twice = Object.values(writes.byDevice).filter((n) => n > 1).length;
    return {
      database: kind,
      devices: options.devices,
      writesPerMinute: options.writesPerMinute,
      outcome,
      calls: writes.calls,
      refusedByGoogle: writes.throttled,
      mostInAMinute: writes.maxInWindow,
      devicesWrittenTwice: twice,
      succeeded: counts?.succeeded ?? 0,
      seconds: round(seconds),
      predictedSeconds: round(predicted),
      floorSeconds: round(floor),
      ratio: round(seconds / floor, 3),
    };
  } finally {
    await cleanup();
    await emulator.close();
  }
}

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardResponse } from '@fleetdeck/shared/dashboard-contract';
import { loadDashboard } from '../src/modules/dashboard/dashboard.service.ts';
import {
  computeScopedRollups,
  readScopedRollups,
  refreshRollups,
  SNAPSHOT_FIELDS,
} from '../src/modules/fleet-store/fleet-rollups.ts';
import { backendName, createTestDatabase, type TestDatabase } from './test-database.ts';

const ORG = 'org-scoped-dashboard';
const OTHER_ORG = 'org-scoped-dashboard-other';
const DEVICES = 1500;

/**
 * Units whose paths test the edges of "a subtree": letter case (Google's paths and every scope
 * check ignore it), a sibling that shares a prefix (`/North` vs `/Northwest`), siblings whose next
 * character sorts before '/' (`/North-Annex`, `/North.Old`), deep units, a path outside every
 * school, accents, and devices without a path.
 */
const UNITS = [
  '/',
  '/North',
  '/North/Grade 1',
  '/north/grade 1/Lab',
  '/NORTH/Grade 2',
  '/Northwest',
  '/Northwest/Grade 1',
  '/North-Annex',
  '/North.Old/Cart',
  '/South/Élan',
  '/south/élan/Cart 3',
  '/South/Grade 1',
  '/Staff',
  null,
];

/** Scopes to compare, each as a member could hold it (paths in any case, overlapping, unknown). */
const SCOPES: readonly (readonly string[])[] = [
  ['/North'],
  ['/north'],
  ['/North/Grade 1'],
  ['/Northwest'],
  ['/North', '/North/Grade 1'],
  ['/North-Annex', '/South/Élan'],
  ['/SOUTH'],
  ['/Staff', '/Nowhere'],
  ['/Nowhere'],
  ['/North.Old'],
  [],
];

/** A deterministic pseudo-random fleet: every column the dashboard reads, varied by a hash of the row. */
async function seedFleet(db: TestDatabase['database']['db'], orgId: string, devices: number): Promise<void> {
  const units = UNITS.map((unit) => (unit === null ? 'null' : `'${unit.replaceAll("'", "''")}'`)).join(', ');
  await sql`
    insert into fleet_device (org_id, device_id, customer_id, serial_number, status, model, org_unit_path,
      last_sync, aue_date, os_version, os_compliance, boot_mode, storage_total_bytes, storage_free_bytes,
      battery_health, raw, content_hash, deleted_at)
    select ${orgId}, 'dev-' || i, 'C0test', 'SN' || i,
      case when h % 100 < 80 then 'ACTIVE' when h % 100 < 88 then 'DISABLED'
        when h % 100 < 95 then 'DEPROVISIONED' when h % 100 < 98 then 'PRE_PROVISIONED' else null end,
      case when h % 17 = 0 then null else 'Model ' || (h % 9) end,
      (array[${sql.raw(units)}]::text[])[h % ${UNITS.length}::int + 1],
      case when h % 23 = 0 then null else now() - make_interval(hours => (h % 3000)::int) end,
      case when h % 19 = 0 then null else current_date - 900 + (h % 2400)::int end,
      case when h % 29 = 0 then null when h % 31 = 0 then 'beta' else (120 + h % 20) || '.0.1.' || (h % 7) end,
      (array['compliant', 'pending', 'notCompliant', null])[h % 4 + 1],
      case when h % 41 = 0 then 'Dev' else 'Verified' end,
      case when h % 37 = 0 then 0 else 64000000000 end, (h % 101)::bigint * 640000000,
      (array['BATTERY_HEALTH_NORMAL', 'BATTERY_REPLACE_SOON', 'BATTERY_REPLACE_NOW', null])[h % 4 + 1],
      '{}'::jsonb, md5(i::text),
      case when h % 53 = 0 then now() else null end
    from (select i, (i::bigint * 2654435761) % 4294967296 as h from generate_series(1, ${devices}::int) i) s`.execute(
    db,
  );
}

describe(`scoped dashboard from per-unit rollups (${backendName})`, () => {
  let testDb: TestDatabase;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    const db = testDb.database.db;
    await seedFleet(db, ORG, DEVICES);
    await seedFleet(db, OTHER_ORG, 200);
    await sql`
      insert into sync_run (org_id, customer_id, kind, trigger, status, phase, started_at, finished_at)
      values (${ORG}, 'C0test', 'full', 'manual', 'succeeded', 'done', now(), now())`.execute(db);
    for (const org of [ORG, OTHER_ORG]) {
      await db.transaction().execute((trx) => refreshRollups(trx, org));
    }
  });
  afterAll(async () => {
    await testDb.cleanup();
  });

  const stored = (ouPaths: readonly string[]) => loadDashboard(testDb.database.db, { orgId: ORG, ouPaths });
  const live = (ouPaths: readonly string[]) =>
    loadDashboard(testDb.database.db, { orgId: ORG, ouPaths, source: 'live' });

  /** Every figure but the trends (stored snapshots either way) equals the live aggregate's. */
  async function expectEqualToLive(ouPaths: readonly string[]): Promise<DashboardResponse> {
    const [view, reference] = await Promise.all([stored(ouPaths), live(ouPaths)]);
    expect({ ...reference, trends: view.trends }).toEqual(view);
    return view;
  }

  it('gives every scope exactly the figures the live aggregate gives', async () => {
    const totals: number[] = [];
    for (const ouPaths of SCOPES) {
      const view = await expectEqualToLive(ouPaths);
      totals.push(view.total.count);
      const rows = await readScopedRollups(testDb.database.db, ORG, ouPaths);
      const reference = await computeScopedRollups(testDb.database.db, ORG, ouPaths);
      expect(rows).toEqual(reference);
    }
    // The scopes are not trivially empty or whole: they count different, partial fleets.
    expect(new Set(totals).size).toBeGreaterThan(6);
    expect(totals.filter((n) => n > 0).length).toBeGreaterThan(6);
  });

  it('agrees with the live aggregate for generated scopes: any prefix of a unit, in any case, one to three', async () => {
    // Every proper path prefix of the seeded units (`/Nor`, `/North/Gra`…): real subtrees and not.
    const prefixes = [
      ...new Set(
        UNITS.flatMap((unit) =>
          unit === null || unit === '/'
            ? []
            : Array.from({ length: unit.length - 1 }, (_, i) => unit.slice(0, i + 2)),
        ),
      ),
    ];
    let seed = 20261128;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const flipCase = (path: string) =>
      Array.from(path, (c) => (next(2) ? c.toUpperCase() : c.toLowerCase())).join('');
    const totals = new Set<number>();
    for (let round = 0; round < 25; round++) {
      const ouPaths = Array.from({ length: 1 + next(3) }, () =>
        flipCase(prefixes[next(prefixes.length)] ?? '/'),
      );
      const rows = await readScopedRollups(testDb.database.db, ORG, ouPaths);
      expect([ouPaths, rows]).toEqual([
        ouPaths,
        await computeScopedRollups(testDb.database.db, ORG, ouPaths),
      ]);
      if (round % 5 === 0) await expectEqualToLive(ouPaths);
      totals.add(rows.find((r) => r.dimension === 'total')?.count ?? 0);
    }
    expect(totals.size).toBeGreaterThan(5);
  });

  it('counts a subtree over its own units only, ignoring case, never a sibling that shares a prefix', async () => {
    const count = async (where: string) => {
      const result = await sql<{ n: number }>`
        select count(*)::int as n from fleet_device
        where org_id = ${ORG} and deleted_at is null and ${sql.raw(where)}`.execute(testDb.database.db);
      return result.rows[0]?.n ?? -1;
    };
    const north = await stored(['/North']);
    expect(north.total.count).toBe(
      await count(
        `lower(org_unit_path) in ('/north', '/north/grade 1', '/north/grade 1/lab', '/north/grade 2')`,
      ),
    );
    expect((await stored(['/nOrTh'])).total.count).toBe(north.total.count);
    expect((await stored(['/North', '/North/Grade 1'])).total.count).toBe(north.total.count);
    expect((await stored(['/Nowhere'])).total.count).toBe(0);
    expect((await stored(['/South/Élan'])).total.count).toBe(
      await count(`org_unit_path in ('/South/Élan', '/south/élan/Cart 3')`),
    );
  });

  it('keeps the whole-organization rollups equal to the live aggregate', async () => {
    await expectEqualToLive(['/']);
    const whole = await stored(['/']);
    const units = await Promise.all(
      ['/North', '/Northwest', '/North-Annex', '/North.Old', '/South', '/Staff'].map((p) => stored([p])),
    );
    const root = await sql<{ n: number }>`
      select count(*)::int as n from fleet_device where org_id = ${ORG} and deleted_at is null
      and (org_unit_path = '/' or org_unit_path is null)`.execute(testDb.database.db);
    expect(units.reduce((sum, view) => sum + view.total.count, 0) + (root.rows[0]?.n ?? 0)).toBe(
      whole.total.count,
    );
  });

  it("draws a scoped member's trends from their units' snapshots", async () => {
    for (const ouPaths of [['/North'], ['/South', '/Staff'], ['/Nowhere']]) {
      const view = await stored(ouPaths);
      const rows = await computeScopedRollups(testDb.database.db, ORG, ouPaths);
      const get = (dimension: string, bucket: string) =>
        rows.find((r) => r.dimension === dimension && r.bucket === bucket)?.count ?? 0;
      expect(view.trends).toHaveLength(1);
      const expected = Object.fromEntries(
        Object.entries(SNAPSHOT_FIELDS).map(([name, [dimension, bucket]]) => [name, get(dimension, bucket)]),
      );
      expect({ ...view.trends[0], day: undefined }).toEqual({ ...expected, day: undefined });
    }
    // The whole organization's trend point is the sum of its units'.
    expect((await stored(['/'])).trends[0]?.active).toBe((await stored(['/'])).inService.count);
  });

  it('reads the stored units, as of the last refresh, and catches up at the next', async () => {
    const db = testDb.database.db;
    const before = await stored(['/Staff']);
    await sql`
      update fleet_device set org_unit_path = '/Staff' where org_id = ${ORG}
      and lower(org_unit_path) = '/north/grade 2'`.execute(db);
    // Between refreshes the dashboard holds the last sync's counts, as the whole fleet's does.
    expect((await stored(['/Staff'])).total.count).toBe(before.total.count);
    await db.transaction().execute((trx) => refreshRollups(trx, ORG));
    const after = await expectEqualToLive(['/Staff']);
    expect(after.total.count).toBeGreaterThan(before.total.count);
    await expectEqualToLive(['/North']);
    expect(after.trends).toHaveLength(1);
    expect(after.trends[0]?.active).toBe(after.inService.count);
  });

  it("never counts another organization's units", async () => {
    const other = await loadDashboard(testDb.database.db, { orgId: OTHER_ORG, ouPaths: ['/North'] });
    const reference = await loadDashboard(testDb.database.db, {
      orgId: OTHER_ORG,
      ouPaths: ['/North'],
      source: 'live',
    });
    expect(other.total.count).toBe(reference.total.count);
    expect(other.total.count).toBeLessThan(200);
  });

  it('computes live for an organization whose units were not counted yet (before its first sync)', async () => {
    const db = testDb.database.db;
    await sql`delete from fleet_ou_rollup where org_id = ${ORG}`.execute(db);
    await sql`delete from fleet_rollup where org_id = ${ORG} and dimension = 'meta' and bucket = 'ouRollups'`.execute(
      db,
    );
    for (const ouPaths of [['/North'], ['/Staff']]) {
      const view = await expectEqualToLive(ouPaths);
      expect(view.total.count).toBeGreaterThan(0);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plan } from '@fleetdeck/shared/plan-contract';
import { orderPairs } from '../src/modules/plans/rollover-pairs.ts';
import { allItems, as, startPlanHarness, USERS, type PlanHarness } from './plans-harness.ts';
import { backendName } from './test-database.ts';

/**
 * A school-year rollover becomes a plan: OU → OU pairs (JSON or a two-column CSV), optionally
 * narrowed by a fleet query, counted and sampled per pair, each device listed once with the unit
 * it leaves and the one it goes to, pairs ordered so a unit is emptied before devices arrive.
 */
describe(`change plans from a rollover (${backendName})`, () => {
  let h: PlanHarness;
  beforeAll(async () => {
    h = await startPlanHarness();
  });
  afterAll(async () => h.close());

  const rollover = (body: unknown, headers = as('admin')) =>
    h.app.inject({ method: 'POST', url: '/api/plans/rollover', headers, payload: body as object });

  it('moves each grade up once, the higher grade first, with counts and a sample per pair', async () => {
    const response = await rollover({
      pairs: [
        { from: '/Students/Grade 5', to: '/students/grade 6' },
        { from: '/Students/Grade 6', to: '/Students/Grade 7/' },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const plan = response.json<Plan>();
    expect(plan).toMatchObject({
      kind: 'rollover',
      state: 'draft',
      title: 'Rollover: 2 units',
      permissions: ['device.move'],
    });
    expect(plan.rollover?.pairs).toEqual([
      {
        from: '/Students/Grade 5',
        to: '/Students/Grade 6',
        order: 2,
        devices: 2,
        sample: [
          { deviceId: 'd1', serialNumber: '5CD001' },
          { deviceId: 'd2', serialNumber: '5CD002' },
        ],
      },
      {
        from: '/Students/Grade 6',
        to: '/Students/Grade 7',
        order: 1,
        devices: 2,
        sample: [
          { deviceId: 'd3', serialNumber: '5CD003' },
          { deviceId: 'd4', serialNumber: '5CD004' },
        ],
      },
    ]);
    expect(plan.counts).toMatchObject({ change: 4 });
    const items = await allItems(h, plan.id);
    // Grade 6 is emptied first: its devices come first; each device once, to one unit.
    expect(items.map((item) => [item.deviceId, item.before?.orgUnitPath, item.change?.orgUnitPath])).toEqual([
      ['d3', '/Students/Grade 6', '/Students/Grade 7'],
      ['d4', '/Students/Grade 6', '/Students/Grade 7'],
      ['d1', '/Students/Grade 5', '/Students/Grade 6'],
      ['d2', '/Students/Grade 5', '/Students/Grade 6'],
    ]);
    expect(items[2]?.before).toMatchObject({
      annotatedLocation: 'Room 1',
      annotatedUser: 'ana',
      status: 'ACTIVE',
    });
  });

  it('reads the pairs from a two-column CSV, with or without a header, and narrows by a query', async () => {
    const withHeader = await rollover({
      csv: 'From,To\r\n/Students/Grade 7,/Staff\r\n',
      query: 'status:ACTIVE',
      title: 'Grade 7 leaves',
    });
    expect(withHeader.statusCode, withHeader.body).toBe(201);
    const plan = withHeader.json<Plan>();
    expect(plan).toMatchObject({ title: 'Grade 7 leaves', rollover: { query: 'status:ACTIVE' } });
    expect((await allItems(h, plan.id)).map((item) => item.deviceId)).toEqual(['d10']);
    const bare = await rollover({ csv: '/Students/Grade 7,/Staff\n/South,/North\n' });
    expect(bare.statusCode, bare.body).toBe(201);
    expect(bare.json<Plan>().rollover?.pairs.map((pair) => pair.devices)).toEqual([2, 1]);
  });

  it('moves each device of a cycle once, by its id', async () => {
    const response = await rollover({
      pairs: [
        { from: '/North/Lab', to: '/South' },
        { from: '/South', to: '/North/Lab' },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const items = await allItems(h, response.json<Plan>().id);
    expect(items.map((item) => [item.deviceId, item.change?.orgUnitPath])).toEqual([
      ['d5', '/South'],
      ['d6', '/North/Lab'],
    ]);
  });

  it('orders chains so every unit is emptied before devices arrive in it', () => {
    const ordered = orderPairs([
      { from: '/A', to: '/B', label: 'pair 1' },
      { from: '/B', to: '/C', label: 'pair 2' },
      { from: '/C', to: '/D', label: 'pair 3' },
      { from: '/X', to: '/Y', label: 'pair 4' },
      { from: '/P', to: '/Q', label: 'pair 5' },
      { from: '/Q', to: '/P', label: 'pair 6' },
    ]);
    expect(ordered.map((pair) => pair.order)).toEqual([3, 2, 1, 1, 4, 4]);
  });

  it('refuses unknown units, units outside the author’s, a unit to itself, a unit sent two ways, and bad input', async () => {
    const refused = async (body: unknown, pattern: RegExp, headers = as('admin')) => {
      const response = await rollover(body, headers);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(pattern);
    };
    await refused(
      { pairs: [{ from: '/Students/Grade 5', to: '/Students/Grade 8' }] },
      /^Pair 1: the destination unit \/Students\/Grade 8 was not found/,
    );
    await refused(
      { csv: 'from,to\n/Staff,/South\n/Nowhere,/Staff\n' },
      /^Row 3: the source unit \/Nowhere was not found/,
    );
    await refused({ pairs: [{ from: '/Staff', to: '/staff' }] }, /moves devices to the unit they are in/);
    await refused(
      {
        pairs: [
          { from: '/Staff', to: '/South' },
          { from: '/STAFF', to: '/North' },
        ],
      },
      /^Pair 2: devices of \/Staff already go elsewhere \(pair 1\)/,
    );
    await refused(
      { pairs: [{ from: '/Students/Grade 5', to: '/South' }] },
      /destination unit \/South was not found in this organization \(or lies outside your units\)/,
      as('technician', USERS.tech, { scope: '/Students' }),
    );
    await refused({ csv: 'from,to\n/Staff,\n' }, /^Row 2: write the unit devices leave/);
    await refused(
      { pairs: [{ from: '/Staff', to: '/South' }], csv: '/Staff,/South' },
      /either as "pairs" or as "csv"/,
    );
    await refused({ pairs: [{ from: '/Staff', to: '/South' }], query: 'status:SOMETIMES' }, /status/i);
    const viewer = await rollover({ pairs: [{ from: '/Staff', to: '/South' }] }, as('viewer', USERS.viewer));
    expect(viewer.statusCode).toBe(403);
    const building = await h.db.selectFrom('plan').select('id').where('state', '=', 'building').execute();
    expect(building).toEqual([]);
  });
});

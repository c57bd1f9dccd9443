import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CsvMapping, Plan, PlanItem } from '@fleetdeck/shared/plan-contract';
import { allItems, as, ORG, startPlanHarness, uploadCsv, USERS, type PlanHarness } from './plans-harness.ts';
import { backendName } from './test-database.ts';

/**
 * A CSV update becomes a plan: every row resolved exactly (0 / 1 / many, never a prefix) and told
 * apart (a change from → to, unchanged, not found, ambiguous, outside the author's units, invalid
 * and why), blank cells leaving fields as they are unless their column clears, the upload read as
 * it streams in, and a bad file answered with a 400 that names the row and column and leaves no plan.
 */

const BY_SERIAL: CsvMapping = {
  key: { column: 'Serial', by: 'serial' },
  columns: [
    { column: 'New OU', field: 'orgUnitPath', blank: 'leave' },
    { column: 'Location', field: 'annotatedLocation', blank: 'leave' },
    { column: 'User', field: 'annotatedUser', blank: 'leave' },
    { column: 'Notes', field: 'notes', blank: 'leave' },
    { column: 'Status', field: 'status', blank: 'leave' },
  ],
  notes: 'replace',
};

const byRow = (items: readonly PlanItem[]) => new Map(items.map((item) => [item.row, item]));

describe(`change plans from a CSV update (${backendName})`, () => {
  let h: PlanHarness;
  beforeAll(async () => {
    h = await startPlanHarness();
  });
  afterAll(async () => h.close());

  async function build(csv: string | Readable, mapping: CsvMapping, headers = as('admin')) {
    const response = await uploadCsv(h, csv, mapping, headers);
    expect(response.statusCode, response.body).toBe(201);
    const plan = response.json<Plan>();
    return { plan, items: byRow(await allItems(h, plan.id, headers)) };
  }

  async function buildingPlans(): Promise<number> {
    const row = await h.db
      .selectFrom('plan')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('state', '=', 'building')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it('tells every row apart, with the current and new values of each change', async () => {
    const csv = [
      '\uFEFFSerial,New OU,Location,User,Notes,Status',
      '5cd001,/students/grade 6,"Cart 3, slot 4",,"He said ""hi""",',
      '',
      '5CD002,,,,,',
      '5CD00,,Library,,,',
      'DUPSERIAL,,Library,,,',
      '5CD003,,,,,disable',
      '5CD004,,,,,Disabled',
      '5CD005,/Nowhere,,,,',
      `5CD010,,,${'u'.repeat(101)},,`,
      ',/Staff,Library,,,',
      '5CD009,,Library,,,',
      '5CD011,,,,,re-enable',
      'ONLYB,,Library,,,',
      '5CD006,,,,,sometimes',
      '5CD\u0000X,,Library,,,',
      'NEWSERIAL,,Lib\u0007rary,,,',
    ].join('\r\n');
    const { plan, items } = await build(csv, BY_SERIAL);
    expect(plan).toMatchObject({
      kind: 'csv_update',
      state: 'draft',
      title: 'CSV update: devices.csv',
      items: 15,
    });
    expect(plan.permissions).toEqual(['device.annotate', 'device.command', 'device.move']);
    expect(plan.counts).toEqual({
      change: 2,
      unchanged: 2,
      not_found: 3,
      ambiguous: 1,
      out_of_scope: 0,
      invalid: 7,
      // Only an undo plan names devices changed since (decision 047).
      changed_since: 0,
    });
    expect(items.get(2)).toMatchObject({
      key: '5cd001',
      deviceId: 'd1',
      serialNumber: '5CD001',
      outcome: 'change',
      reason: null,
      before: {
        orgUnitPath: '/Students/Grade 5',
        annotatedLocation: 'Room 1',
        annotatedUser: 'ana',
        notes: 'old',
        status: 'ACTIVE',
      },
      change: {
        orgUnitPath: '/Students/Grade 6',
        annotatedLocation: 'Cart 3, slot 4',
        notes: 'He said "hi"',
      },
    });
    expect(items.has(3)).toBe(false); // the blank row is skipped, and counted in the numbering
    expect(items.get(4)).toMatchObject({ outcome: 'unchanged', deviceId: 'd2' });
    // Exact only: "5CD00" begins five serials and matches none of them.
    expect(items.get(5)).toMatchObject({ outcome: 'not_found', deviceId: null, before: null });
    expect(items.get(6)).toMatchObject({ outcome: 'ambiguous', matchCount: 2, deviceId: null });
    expect(items.get(7)).toMatchObject({ outcome: 'unchanged', deviceId: 'd3' });
    expect(items.get(8)?.reason).toMatch(/deprovisioned device cannot be disabled/);
    expect(items.get(9)?.reason).toMatch(/No organizational unit \/Nowhere/);
    expect(items.get(10)?.reason).toMatch(/User cell has 101 characters; Google allows at most 100/);
    expect(items.get(11)).toMatchObject({ outcome: 'invalid', key: null });
    expect(items.get(11)?.reason).toMatch(/Serial cell is blank/);
    expect(items.get(12)).toMatchObject({ outcome: 'not_found' }); // deleted at Google
    expect(items.get(13)).toMatchObject({
      outcome: 'change',
      deviceId: 'd11',
      change: { status: 'reenable' },
    });
    expect(items.get(14)).toMatchObject({ outcome: 'not_found' }); // another organization's serial
    expect(items.get(15)?.reason).toMatch(/write "disable" or "re-enable"/);
    expect(items.get(16)?.reason).toMatch(
      /^The Serial cell contains a control character \(U\+0000\) at position 3/,
    );
    expect(items.get(17)?.reason).toMatch(/^The Location cell contains a control character \(U\+0007\)/);
    const audit = await h.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id', 'target_id'])
      .where('target_id', '=', plan.id)
      .execute();
    expect(audit).toEqual([{ action: 'plan.created', actor_user_id: USERS.admin, target_id: plan.id }]);
  });

  it('clears a field only where its column says so, and appends notes on a new line once', async () => {
    const mapping: CsvMapping = {
      key: { column: 'serial', by: 'serial' },
      columns: [
        { column: 'location', field: 'annotatedLocation', blank: 'clear' },
        { column: 'user', field: 'annotatedUser', blank: 'leave' },
        { column: 'notes', field: 'notes', blank: 'leave' },
      ],
      notes: 'append',
    };
    const csv = [
      'Serial,Location,User,Notes',
      '5CD001,,,checked',
      '5CD002,,,',
      `5CD010,Gym,,${'n'.repeat(500)}`,
    ].join('\n');
    const { items } = await build(csv, mapping);
    expect(items.get(2)).toMatchObject({
      outcome: 'change',
      change: { annotatedLocation: '', notes: 'old\nchecked' },
    });
    expect(items.get(2)?.change).not.toHaveProperty('annotatedUser');
    expect(items.get(3)).toMatchObject({ outcome: 'unchanged' });
    expect(items.get(4)).toMatchObject({ outcome: 'change', change: { annotatedLocation: 'Gym' } });
    // A device whose notes already end with the note is not appended to again.
    await h.db
      .updateTable('fleet_device')
      .set({ notes: 'old\nchecked' })
      .where('device_id', '=', 'd1')
      .execute();
    const again = await build('Serial,Location,User,Notes\n5CD001,,,checked\n', {
      ...mapping,
      columns: mapping.columns.slice(2),
    });
    expect(again.items.get(2)).toMatchObject({ outcome: 'unchanged' });
    const long = await build(`Serial,Notes\n5CD001,${'x'.repeat(495)}\n`, {
      ...mapping,
      columns: mapping.columns.slice(2),
    });
    expect(long.items.get(2)?.reason).toMatch(/notes would have 507 characters once this one is appended/);
    await h.db.updateTable('fleet_device').set({ notes: 'old' }).where('device_id', '=', 'd1').execute();
  });

  it('keys rows by asset ID (case folded) or by device ID (exact)', async () => {
    const byAsset: CsvMapping = {
      key: { column: 'Asset', by: 'assetId' },
      columns: [{ column: 'Where', field: 'annotatedLocation', blank: 'leave' }],
      notes: 'replace',
    };
    const assets = await build('Asset,Where\na-1,Office\nSHARED-1,Office\nA-\n', byAsset);
    expect(assets.items.get(2)).toMatchObject({ outcome: 'change', deviceId: 'd1' });
    expect(assets.items.get(3)).toMatchObject({ outcome: 'ambiguous', matchCount: 2 });
    expect(assets.items.get(4)).toMatchObject({ outcome: 'not_found' });
    const byId: CsvMapping = { ...byAsset, key: { column: 'Device', by: 'deviceId' } };
    const ids = await build('Device,Where\nd7,Office\nD7,Office\nb1,Office\n', byId);
    expect(ids.items.get(2)).toMatchObject({ outcome: 'change', deviceId: 'd7', serialNumber: 'DUPSERIAL' });
    expect(ids.items.get(3)).toMatchObject({ outcome: 'not_found' });
    expect(ids.items.get(4)).toMatchObject({ outcome: 'not_found' });
  });

  it('keeps the first of repeated rows asking the same, and refuses every row of a key asked two ways', async () => {
    const csv = [
      'Serial,New OU,Location,User,Notes,Status',
      '5CD002,,Library,,,',
      '5cd002,,Library,,,',
      '5CD010,,Gym,,,',
      '5CD010,,Office,,,',
      '5CD010,,Gym,,,',
    ].join('\n');
    const { plan, items } = await build(csv, BY_SERIAL);
    expect(items.get(2)).toMatchObject({ outcome: 'change' });
    expect(items.get(3)?.reason).toMatch(/^Row 2 has the same serial number and asks the same/);
    expect(items.get(4)).toMatchObject({ outcome: 'invalid', change: null });
    expect(items.get(4)?.reason).toMatch(/^Row 5 has the same serial number but asks something else/);
    expect(items.get(5)?.reason).toMatch(/^Row 4 has the same serial number but asks something else/);
    expect(items.get(6)?.reason).toMatch(/^Row 4 has the same serial number and asks the same/);
    expect(plan.counts).toMatchObject({ change: 1, invalid: 4 });
  });

  it('names devices outside a limited author’s units, and refuses moves out of them', async () => {
    const scoped = as('technician', USERS.tech, { scope: '/Students,/North' });
    const csv = [
      'Serial,New OU,Location,User,Notes,Status',
      '5CD006,,Library,,,',
      '5CD001,/South,,,,',
      '5CD005,/Students,,,,',
    ].join('\n');
    const { plan, items } = await build(csv, BY_SERIAL, scoped);
    expect(items.get(2)).toMatchObject({
      outcome: 'out_of_scope',
      deviceId: null,
      before: null,
      serialNumber: null,
    });
    expect(items.get(3)?.reason).toMatch(/The unit \/South lies outside your units/);
    expect(items.get(4)).toMatchObject({ outcome: 'change', change: { orgUnitPath: '/Students' } });
    // Another member limited to other units cannot read it at all.
    const south = await h.app.inject({
      method: 'GET',
      url: `/api/plans/${plan.id}`,
      headers: as('technician', USERS.tech2, { scope: '/South' }),
    });
    expect(south.statusCode).toBe(404);
  });

  it('answers a bad mapping or file with a 400 that says what to fix, and keeps no plan', async () => {
    const bad = async (csv: string, mapping: unknown, pattern: RegExp) => {
      const response = await uploadCsv(h, csv, mapping as CsvMapping);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(pattern);
    };
    await bad(
      'Serial,Place\n5CD001,x\n',
      { ...BY_SERIAL, columns: BY_SERIAL.columns.slice(1, 2) },
      /^The CSV has no column "Location". Its header row \(row 1\) has: "Serial", "Place"/,
    );
    await bad(
      'Serial,Where\n5CD001,x\n',
      { ...BY_SERIAL, columns: [{ column: 'Where', field: 'orgUnitPath', blank: 'clear' }] },
      /cannot clear it/,
    );
    await bad(
      'Serial,Where,Where\n5CD001,x,y\n',
      { ...BY_SERIAL, columns: [{ column: 'Where', field: 'notes' }] },
      /two columns named "Where"/,
    );
    await bad(
      'Serial,Notes\n5CD001,"open\n',
      { ...BY_SERIAL, columns: [{ column: 'Notes', field: 'notes' }] },
      /^Row 2, column B \("Notes"\): a quoted cell is never closed/,
    );
    await bad(
      `Serial,Notes\n5CD001,x\n5CD002,${'y'.repeat(5_001)}\n`,
      { ...BY_SERIAL, columns: [{ column: 'Notes', field: 'notes' }] },
      /^Row 3, column B \("Notes"\): the cell holds more than 5,000/,
    );
    await bad(
      'Serial,Notes\n',
      { ...BY_SERIAL, columns: [{ column: 'Notes', field: 'notes' }] },
      /no rows of devices/,
    );
    await bad(
      '',
      { ...BY_SERIAL, columns: [{ column: 'Notes', field: 'notes' }] },
      /has no column|empty|Content-Type/,
    );
    await bad('Serial\n5CD001\n', { key: { column: 'Serial', by: 'serial' }, columns: [] }, /columns/);
    const json = await h.app.inject({
      method: 'POST',
      url: `/api/plans/csv?mapping=${encodeURIComponent(JSON.stringify(BY_SERIAL))}`,
      headers: as('admin'),
      payload: { rows: [] },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json<{ message: string }>().message).toMatch(/Content-Type: text\/csv/);
    const noMapping = await h.app.inject({
      method: 'POST',
      url: '/api/plans/csv',
      headers: { ...as('admin'), 'content-type': 'text/csv' },
      payload: 'Serial\n1\n',
    });
    expect(noMapping.statusCode).toBe(400);
    const viewer = await uploadCsv(h, 'Serial,Notes\n5CD001,x\n', BY_SERIAL, as('viewer', USERS.viewer));
    expect(viewer.statusCode).toBe(403);
    expect(await buildingPlans()).toBe(0);
    const plans = await h.db
      .selectFrom('plan')
      .select('id')
      .where('org_id', '=', ORG)
      .where('title', '=', 'CSV update: devices.csv')
      .execute();
    const items = await h.db.selectFrom('plan_item').select('plan_id').distinct().execute();
    expect(new Set(items.map((item) => item.plan_id))).toEqual(new Set(plans.map((plan) => plan.id)));
  });

  it(
    'reads 100,000 rows as they stream in, writing items before the upload ends',
    { timeout: 180_000 },
    async () => {
      const mapping: CsvMapping = {
        ...BY_SERIAL,
        columns: [{ column: 'Location', field: 'annotatedLocation', blank: 'leave' }],
      };
      let itemsSeenMidway = 0;
      const db = h.db;
      async function* rows(): AsyncGenerator<string> {
        yield 'Serial,Location\r\n';
        for (let block = 0; block < 100; block++) {
          let text = '';
          for (let i = 0; i < 1_000; i++)
            text += `${block === 0 && i < 3 ? `5CD01${i}` : `NX${block}-${i}`},"Room ${i}, B"\r\n`;
          yield text;
          if (block === 50) {
            // Half the file sent: the server has read and written rows already (it does not wait for the end).
            for (let tries = 0; tries < 200 && itemsSeenMidway < 1_000; tries++) {
              const row = await db
                .selectFrom('plan_item')
                .innerJoin('plan', 'plan.id', 'plan_item.plan_id')
                .select((eb) => eb.fn.countAll<string>().as('n'))
                .where('plan.state', '=', 'building')
                .executeTakeFirstOrThrow();
              itemsSeenMidway = Number(row.n);
              if (itemsSeenMidway < 1_000) await new Promise((resolve) => setTimeout(resolve, 50));
            }
          }
        }
      }
      const response = await uploadCsv(h, Readable.from(rows()), mapping);
      expect(response.statusCode, response.body).toBe(201);
      expect(itemsSeenMidway).toBeGreaterThanOrEqual(1_000);
      const plan = response.json<Plan>();
      expect(plan.items).toBe(100_000);
      expect(plan.counts).toMatchObject({ change: 2, not_found: 99_998 });
      const tooMany = await uploadCsv(h, `Serial,Location\n${'X,Y\n'.repeat(100_001)}`, mapping);
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json<{ message: string }>().message).toMatch(
        /^Row 100002: the file has more than 100,000 rows/,
      );
      expect(await buildingPlans()).toBe(0);
    },
  );
});

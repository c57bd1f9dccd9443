import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLEET_LIST_LIMITS } from '@fleetdeck/shared/fleet-columns';
import { backendName, createTestDatabase, type TestDatabase } from './test-database.ts';
import {
  buildFleetApp,
  ORG,
  OTHER_ORG,
  seedDevices,
  seedOrgUnits,
  type FleetHarness,
} from './devices-fleet-harness.ts';

/** The CSV export of a pasted list: exactly the listed devices the caller may see, bounded, audited. */
describe(`pasted list export (${backendName})`, () => {
  let testDb: TestDatabase;
  let harness: FleetHarness;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    await seedOrgUnits(testDb.database.db, ORG, ['/', '/North', '/South']);
    await seedDevices(testDb.database.db, [
      { id: 'p1', serial: 'SN-C', ou: '/North', model: 'HP Chromebook x360 11 G4 EE' },
      { id: 'p2', serial: 'SN-A', ou: '/South', notes: '=cmd' },
      { id: 'p3', serial: 'SN-B', ou: '/North' },
      { id: 'p4', serial: 'SN-D', ou: '/North' },
      { id: 'gone', serial: 'SN-GONE', deleted: true },
      { id: 'theirs', org: OTHER_ORG, serial: 'SN-THEIRS' },
    ]);
    harness = await buildFleetApp(testDb.database.db);
  });
  afterAll(async () => {
    await harness.app.close();
    await testDb.cleanup();
  });

  function exportList(payload: unknown) {
    return harness.app.inject({ method: 'POST', url: '/api/devices/export.csv', payload: payload as object });
  }
  function records(body: string): string[] {
    return body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter((line) => line !== '');
  }

  const serialsOf = (body: string) =>
    records(body)
      .slice(1)
      .map((line) => line.split(',')[0]);

  it('exports exactly the listed devices, in the pasted order, in a file named for them, audited', async () => {
    const response = await exportList({
      deviceIds: ['p1', 'p2', 'p3', 'p1'],
      columns: 'serialNumber,model,notes',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="fleet-pasted-3-devices.csv"');
    // The pasted order (a repeat keeps its first place), not the serial numbers' order.
    expect(records(response.body)).toEqual([
      'Serial number,Model,Notes',
      'SN-C,HP Chromebook x360 11 G4 EE,',
      "SN-A,,'=cmd",
      'SN-B,,',
    ]);
    // A sort asked for is a sort given; a direction alone names no column and is refused.
    const descending = await exportList({ deviceIds: ['p1', 'p2'], sort: 'serialNumber', dir: 'desc' });
    expect(serialsOf(descending.body)).toEqual(['SN-C', 'SN-A']);
    expect(descending.headers['content-disposition']).toContain('fleet-pasted-2-devices.csv');
    const ascending = await exportList({ deviceIds: ['p1', 'p2'], sort: 'serialNumber' });
    expect(serialsOf(ascending.body)).toEqual(['SN-A', 'SN-C']);
    const dirOnly = await exportList({ deviceIds: ['p1', 'p2'], dir: 'desc' });
    expect(dirOnly.statusCode).toBe(400);
    expect(dirOnly.json<{ message: string }>().message).toBe(
      'A sort direction needs a sort column. Send sort with dir, or leave both out to keep the pasted order.',
    );

    const audit = await testDb.database.db
      .selectFrom('audit_log')
      .select(['details', 'outcome'])
      .where('action', '=', 'fleet.export')
      .execute();
    const first = audit.find((entry) => (entry.details as { rows?: number }).rows === 3);
    expect(first?.outcome).toBe('success');
    expect(first?.details).toMatchObject({ pastedDevices: 4, rows: 3, order: 'pasted' });
    expect(first?.details).not.toHaveProperty('sort');
    const sorted = audit.find((entry) => (entry.details as { dir?: string }).dir === 'desc');
    expect(sorted?.details).toMatchObject({ order: 'sorted', sort: 'serialNumber', rows: 2 });
    expect(JSON.stringify(first?.details)).not.toContain('p1');
  });

  it('keeps the pasted order across read batches of a long list', async () => {
    const filler = Array.from({ length: 2500 }, (_, i) => `absent${i}`);
    const response = await exportList({
      deviceIds: ['p4', ...filler.slice(0, 1999), 'p2', 'p4', ...filler.slice(1999), 'p1', 'p3'],
      columns: 'serialNumber',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(serialsOf(response.body)).toEqual(['SN-D', 'SN-A', 'SN-C', 'SN-B']);
    expect(response.headers['content-disposition']).toContain('fleet-pasted-4-devices.csv');
  });

  it('leaves out another organization’s and deleted devices, and what a viewer may not see', async () => {
    const mixed = await exportList({ deviceIds: ['p2', 'theirs', 'gone'], columns: 'serialNumber' });
    expect(records(mixed.body)).toEqual(['Serial number', 'SN-A']);
    expect(mixed.headers['content-disposition']).toContain('fleet-pasted-1-device.csv');
    const none = await exportList({ deviceIds: ['theirs'], columns: 'serialNumber' });
    expect(records(none.body)).toEqual(['Serial number']);
    expect(none.headers['content-disposition']).toContain('fleet-pasted-0-devices.csv');

    harness.caller = { ...harness.caller, ouPaths: ['/North'] };
    try {
      const scoped = await exportList({ deviceIds: ['p1', 'p2', 'p3'], columns: 'serialNumber' });
      expect(records(scoped.body)).toEqual(['Serial number', 'SN-C', 'SN-B']);
    } finally {
      harness.caller = { ...harness.caller, ouPaths: ['/'] };
    }
  });

  it('bounds its input as the paste does, and answers in the one error shape', async () => {
    const tooMany = Array.from({ length: FLEET_LIST_LIMITS.resolveLines + 1 }, (_, i) => `d${i}`);
    for (const payload of [
      { deviceIds: [] },
      { deviceIds: tooMany },
      { deviceIds: ['p1', 'not an id'] },
      { deviceIds: ['x'.repeat(129)] },
      { deviceIds: ['p1'], columns: 'serialNumber,bogus' },
      { deviceIds: ['p1'], sort: 'notes' },
      { deviceIds: ['p1'], dir: 'desc' },
      { deviceIds: 'p1' },
    ]) {
      const response = await exportList(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json()).toMatchObject({
        error: expect.any(String) as string,
        message: expect.any(String) as string,
        status: 400,
        requestId: expect.any(String) as string,
      });
    }
    const largest = Array.from({ length: FLEET_LIST_LIMITS.resolveLines }, (_, i) => `d${i}`);
    const full = await exportList({ deviceIds: [...largest.slice(1), 'p4'], columns: 'serialNumber' });
    expect(full.statusCode).toBe(200);
    expect(records(full.body)).toEqual(['Serial number', 'SN-D']);
  });

  it('requires fleet.read', async () => {
    harness.denied.add('fleet.read');
    try {
      expect((await exportList({ deviceIds: ['p1'] })).statusCode).toBe(403);
    } finally {
      harness.denied.clear();
    }
  });
});

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkActionDetail, BulkActionRun } from '@fleetdeck/shared/bulk-contract';
import { as, ORG, previewAndStart, startDeviceHarness, type DeviceHarness } from './device-harness.ts';
import { backendName } from './test-database.ts';

/**
 * A viewer limited to some OU subtrees sees no device outside them: bulk action runs (their list
 * and per-device results carry device ids and serial numbers) are for those who act. Timeline
 * page links are checked before they reach the database.
 */
describe(`device routes: bulk runs refused to viewers, timeline cursors (${backendName})`, () => {
  let h: DeviceHarness;
  let outside: { device_id: string; serial_number: string | null }[];
  let viewerScope: string;
  let runId: string;

  beforeAll(async () => {
    h = await startDeviceHarness({ size: 120, chunkSize: 10 });
    const db = h.testDb.database.db;
    const { rows: schools } = await sql<{ root: string }>`
      select distinct '/' || split_part(org_unit_path, '/', 2) as root from fleet_device
      where org_id = ${ORG} and deleted_at is null and org_unit_path like '/%/%' order by 1`.execute(db);
    expect(schools.length).toBeGreaterThan(1);
    const [mine, theirs] = [schools[0]!.root, schools[1]!.root];
    viewerScope = mine;
    const { rows } = await sql<{ device_id: string; serial_number: string | null }>`
      select device_id, serial_number from fleet_device
      where org_id = ${ORG} and deleted_at is null and status = 'ACTIVE'
        and (org_unit_path = ${theirs} or org_unit_path like ${`${theirs}/%`})
      order by device_id limit 3`.execute(db);
    outside = rows;
    expect(outside).toHaveLength(3);
    // An admin annotates three devices of the other school.
    const request = {
      target: { deviceIds: outside.map((d) => d.device_id) },
      action: { kind: 'annotate' as const, fields: { notes: 'review' } },
    };
    h.paused = true;
    const started = await previewAndStart(h, request, as('admin'));
    expect(started.statusCode, started.body).toBe(202);
    runId = started.json<{ id: string }>().id;
  }, 60_000);
  afterAll(async () => h.close());

  const asViewer = () => ({ ...as('viewer'), 'x-scope': viewerScope });

  it("refuses a viewer the runs and their results, which name other schools' devices", async () => {
    const detail = await h.app.inject({
      method: 'GET',
      url: `/api/bulk-actions/${runId}`,
      headers: asViewer(),
    });
    expect(detail.statusCode, detail.body).toBe(403);
    expect(detail.body).not.toContain(outside[0]!.serial_number ?? '-');
    const list = await h.app.inject({ method: 'GET', url: '/api/bulk-actions', headers: asViewer() });
    expect(list.statusCode, list.body).toBe(403);
  });

  it("shows a technician limited to units neither another member's run nor its results", async () => {
    const scoped = { ...as('technician', ORG, 'user-north-tech'), 'x-scope': viewerScope };
    const detail = await h.app.inject({ method: 'GET', url: `/api/bulk-actions/${runId}`, headers: scoped });
    expect(detail.statusCode, detail.body).toBe(404);
    expect(detail.body).not.toContain(outside[0]!.serial_number ?? '-');
    const list = await h.app.inject({ method: 'GET', url: '/api/bulk-actions', headers: scoped });
    expect(list.json<{ runs: BulkActionRun[] }>().runs.map((r) => r.id)).not.toContain(runId);
    const retry = await h.app.inject({
      method: 'POST',
      url: `/api/bulk-actions/${runId}/retry`,
      headers: scoped,
    });
    expect(retry.statusCode, retry.body).toBe(404);
  });

  it('counts devices of the organization outside a limited caller as "not in your units" in a preview', async () => {
    const scoped = { ...as('technician', ORG, 'user-north-tech'), 'x-scope': viewerScope };
    const preview = await h.app.inject({
      method: 'POST',
      url: '/api/bulk-actions/preview',
      headers: scoped,
      payload: {
        target: { deviceIds: [...outside.map((d) => d.device_id), 'NO-SUCH-DEVICE'] },
        action: { kind: 'annotate', fields: { notes: 'checked' } },
      },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      deviceCount: 0,
      skipped: outside.length + 1,
      notInYourUnits: outside.length,
    });
  });

  it('still shows a technician the run and its results', async () => {
    const detail = await h.app.inject({
      method: 'GET',
      url: `/api/bulk-actions/${runId}`,
      headers: as('technician'),
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(
      detail
        .json<BulkActionDetail>()
        .results.map((r) => r.deviceId)
        .sort(),
    ).toEqual(outside.map((d) => d.device_id).sort());
    const list = await h.app.inject({ method: 'GET', url: '/api/bulk-actions', headers: as('technician') });
    expect(list.json<{ runs: BulkActionRun[] }>().runs.map((r) => r.id)).toContain(runId);
  });

  it('answers 400 (not 500) to a timeline cursor whose time matches the pattern but is no date', async () => {
    const deviceId = outside[0]!.device_id;
    const cursor = Buffer.from(JSON.stringify(['2026-13-45 00:00:00', 'h1'])).toString('base64url');
    const response = await h.app.inject({
      method: 'GET',
      url: `/api/devices/${deviceId}/timeline?cursor=${cursor}`,
      headers: as('admin'),
    });
    expect(response.statusCode, response.body).toBe(400);
  });
});

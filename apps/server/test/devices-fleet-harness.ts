import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Permission } from '@fleetdeck/shared/permissions';
import type { DB } from '../src/db/schema.ts';
import { appErrors } from '../src/errors/app-error.ts';
import { registerErrorHandling } from '../src/plugins/error-handler.ts';
import { fleetRoutes, type FleetCaller } from '../src/routes/fleet.routes.ts';

/** The fleet API on its own, with a caller the test sets, over a hand-made fleet. */

export const ORG = 'org-fleet';
export const OTHER_ORG = 'org-other';
const DAY = 86_400_000;

export interface SeedDevice {
  id: string;
  org?: string;
  serial?: string | null;
  asset?: string | null;
  status?: string | null;
  model?: string | null;
  ou?: string | null;
  user?: string | null;
  recentUser?: string | null;
  location?: string | null;
  notes?: string | null;
  /** Days ago; null: never synced. */
  syncedDaysAgo?: number | null;
  registeredOn?: string | null;
  /** Days from today (negative: past). */
  aueInDays?: number | null;
  osVersion?: string | null;
  compliance?: string | null;
  updateState?: string | null;
  bootMode?: string | null;
  battery?: string | null;
  storageTotal?: number | null;
  storageFree?: number | null;
  ram?: number | null;
  mac?: string | null;
  ethernetMac?: string | null;
  license?: string | null;
  raw?: Record<string, unknown>;
  deleted?: boolean;
}

function dayOffset(days: number): string {
  return new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
}

/** Why: exact control over every column the query language reads. */
export async function seedDevices(db: Kysely<DB>, devices: readonly SeedDevice[]): Promise<void> {
  await db
    .insertInto('fleet_device')
    .values(
      devices.map((d) => ({
        org_id: d.org ?? ORG,
        device_id: d.id,
        customer_id: 'C0test',
        serial_number: d.serial === undefined ? d.id.toUpperCase() : d.serial,
        annotated_asset_id: d.asset ?? null,
        status: d.status === undefined ? 'ACTIVE' : d.status,
        model: d.model ?? null,
        org_unit_path: d.ou === undefined ? '/' : d.ou,
        org_unit_id: null,
        annotated_user: d.user ?? null,
        recent_user: d.recentUser ?? null,
        annotated_location: d.location ?? null,
        notes: d.notes ?? null,
        last_sync:
          d.syncedDaysAgo === null
            ? null
            : new Date(Date.now() - (d.syncedDaysAgo ?? 1) * DAY - 60_000).toISOString(),
        last_enrollment_time: d.registeredOn ? `${d.registeredOn}T12:00:00Z` : null,
        aue_date: d.aueInDays === undefined || d.aueInDays === null ? null : dayOffset(d.aueInDays),
        os_version: d.osVersion ?? null,
        os_compliance: d.compliance ?? null,
        os_update_state: d.updateState ?? null,
        boot_mode: d.bootMode ?? null,
        battery_health: d.battery ?? null,
        storage_total_bytes: d.storageTotal ?? null,
        storage_free_bytes: d.storageFree ?? null,
        ram_total_bytes: d.ram ?? null,
        mac_address: d.mac ?? null,
        ethernet_mac_address: d.ethernetMac ?? null,
        license_type: d.license ?? null,
        raw: JSON.stringify(d.raw ?? {}) as never,
        content_hash: 'x',
        deleted_at: d.deleted ? new Date().toISOString() : null,
      })),
    )
    .execute();
}

export async function seedOrgUnits(db: Kysely<DB>, org: string, paths: readonly string[]): Promise<void> {
  await db
    .insertInto('fleet_org_unit')
    .values(
      paths.map((path) => ({
        org_id: org,
        org_unit_id: `id:${path}`,
        org_unit_path: path,
        parent_org_unit_id: path === '/' ? null : `id:${path.slice(0, path.lastIndexOf('/')) || '/'}`,
        name: path === '/' ? 'Root' : path.slice(path.lastIndexOf('/') + 1),
        raw: JSON.stringify({}) as never,
      })),
    )
    .execute();
}

export interface FleetHarness {
  readonly app: FastifyInstance;
  caller: FleetCaller;
  denied: Set<Permission>;
}

/** Why: the routes with identity replaced by a settable caller; a device-detail stand-in proves static paths win. */
export async function buildFleetApp(db: Kysely<DB>): Promise<FleetHarness> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  const harness: FleetHarness = {
    app,
    caller: {
      orgId: ORG,
      userId: 'user-admin',
      email: 'admin@example.edu',
      ouPaths: ['/'],
      managesShared: true,
    },
    denied: new Set(),
  };
  await app.register(fleetRoutes, {
    db,
    access: {
      requirePermission: (permission) => async () => {
        if (harness.denied.has(permission)) throw appErrors.forbidden();
      },
      callerOf: async () => harness.caller,
    },
  });
  app.get('/api/devices/:deviceId', async (request) => ({
    detail: (request.params as { deviceId: string }).deviceId,
  }));
  await app.ready();
  return harness;
}

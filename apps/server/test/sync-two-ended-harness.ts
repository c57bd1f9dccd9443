import { sql } from 'kysely';
import type { Database } from '../src/db/client.ts';
import { storedJson } from '../src/modules/fleet-store/device-row.ts';
import { storedDevices, type SyncEmulator } from './sync-harness.ts';

export { holdUntilSecondChain } from './fixtures/second-chain-hold.ts';

/**
 * A fleet whose largest OU takes several pages, so its shard may be listed from both ends: most
 * devices are moved into one OU directly under the root, which the planner lists as a shard of
 * its own.
 */

export interface CrowdedOrgUnit {
  readonly orgUnitId: string;
  /** Devices in the OU after the move. */
  readonly devices: number;
}

/** Why: the planner cannot cut one OU's own devices, which is what a second chain is for. */
export function crowdOneOrgUnit(emulator: SyncEmulator, count: number): CrowdedOrgUnit {
  const fleet = emulator.emu.state.fleet;
  const tree = fleet.orgUnits;
  const leaves = tree.children(tree.root).filter((ou) => tree.children(ou).length === 0);
  const target = leaves.sort((a, b) => (a.orgUnitId < b.orgUnitId ? 1 : -1))[0];
  if (!target) throw new Error('the generated OU tree has no leaf under its root');
  const devices = fleet.devices;
  let moved = 0;
  for (let row = 0; row < devices.count && moved < count; row += 1) {
    if (devices.ouSlot[row] === target.slot) continue;
    devices.ouSlot[row] = target.slot;
    devices.touch(row);
    moved += 1;
  }
  let inside = 0;
  for (let row = 0; row < devices.count; row += 1) if (devices.ouSlot[row] === target.slot) inside += 1;
  return { orgUnitId: `id:${target.orgUnitId}`, devices: inside };
}

/** Google's fleet and ours as `[deviceId, JSON]` pairs sorted by id (deleted rows left out). */
export async function bothFleets(
  database: Database,
  emulator: SyncEmulator,
  orgId: string,
): Promise<{ google: [string, unknown][]; stored: [string, unknown][] }> {
  const google = (await emulator.listAllDevices())
    .map((device): [string, unknown] => [device.deviceId, storedJson(device)])
    .sort((a, b) => (a[0] < b[0] ? -1 : 1));
  const stored = (await storedDevices(database, orgId))
    .filter((row) => !row.deleted)
    .map((row): [string, unknown] => [row.device_id, row.raw]);
  return { google, stored };
}

export interface CheckpointRow {
  shard: string;
  pages: number;
  items: number;
  restarts: number;
  done: boolean;
}

export async function deviceCheckpoints(
  database: Database,
  orgId: string,
  runId: string,
): Promise<CheckpointRow[]> {
  const result = await sql<CheckpointRow>`
    select shard, pages, items, restarts, done from sync_checkpoint
    where org_id = ${orgId} and run_id = ${runId}::uuid and phase = 'devices'
    order by position, shard`.execute(database.db);
  return result.rows;
}

/** The crowded OU's two checkpoints: its ascending chain's and its descending chain's. */
export function crowdedPair(rows: readonly CheckpointRow[], crowded: CrowdedOrgUnit): CheckpointRow[] {
  return rows.filter((row) => row.shard.startsWith(`tree:${crowded.orgUnitId}`));
}

import { sql, type Kysely } from 'kysely';
import type { CsvMapping, PlanField } from '@fleetdeck/shared/plan-contract';
import { roleCan, type Permission } from '@fleetdeck/shared/permissions';
import type { DB } from '../../db/schema.ts';
import { appErrors } from '../../errors/app-error.ts';
import { inScope, type DeviceTenant } from '../devices/device-tenant.ts';
import { matchExactly, type MatchRow } from '../fleet/device-resolve.ts';
import { readCsvRecords, type CsvLimits, CSV_UPLOAD_LIMITS } from './csv-stream.ts';
import {
  bindMapping,
  classifyRow,
  KEY_WORDS,
  readRow,
  requestSignature,
  type BoundMapping,
  type RowRequest,
  type UnitLookup,
} from './csv-update.ts';
import {
  deletePlan,
  finishBuild,
  insertBuildingPlan,
  insertItems,
  markItemsInvalid,
  type NewItem,
} from './plans.repository.ts';
import { loadUnits } from './plan-units.ts';

/**
 * A CSV update built into a plan as the upload streams in: rows are read a batch at a time,
 * their keys matched exactly (the serial and asset ID indexes paste-a-list reads; device IDs by
 * key) across the whole organization, so a device outside the author's units is named as such
 * rather than "not found", and each batch's items are written before the next is read.
 */

const BATCH = 1_000;

const FIELD_PERMISSIONS: Readonly<Record<PlanField, Permission>> = {
  orgUnitPath: 'device.move',
  annotatedAssetId: 'device.annotate',
  annotatedLocation: 'device.annotate',
  annotatedUser: 'device.annotate',
  notes: 'device.annotate',
  status: 'device.command',
};

/** Why: running a plan needs the permissions its single-device twins need; an approver must hold them too. */
export function csvPermissions(mapping: CsvMapping): Permission[] {
  return [...new Set(mapping.columns.map((column) => FIELD_PERMISSIONS[column.field]))].sort();
}

export interface CsvPlanInput {
  readonly body: AsyncIterable<Uint8Array | string>;
  readonly mapping: CsvMapping;
  readonly fileName?: string | undefined;
  readonly limits?: CsvLimits | undefined;
}

interface BuildState {
  readonly db: Kysely<DB>;
  readonly tenant: DeviceTenant;
  readonly planId: string;
  readonly units: UnitLookup;
  mapping?: BoundMapping;
  /** The first row of each key, and what it asked (two rows asking different things conflict). */
  readonly firstRows: Map<string, { row: number; signature: string; conflicts: number[] }>;
  rows: number;
  /** The previous batch's write, still going while the next batch is read and matched. */
  writing: Promise<void>;
}

/** Why: the one entry point; the plan is deleted again when the file turns out bad. */
export async function buildCsvPlan(
  db: Kysely<DB>,
  tenant: DeviceTenant,
  input: CsvPlanInput,
): Promise<string> {
  const permissions = csvPermissions(input.mapping);
  if (!permissions.every((permission) => roleCan(tenant.role, permission))) throw appErrors.forbidden();
  const fileName = input.fileName ?? null;
  const planId = await insertBuildingPlan(db, {
    orgId: tenant.orgId,
    kind: 'csv_update',
    title: fileName ? `CSV update: ${fileName}` : 'CSV update',
    source: { fileName, mapping: input.mapping },
    permissions,
    createdBy: tenant.userId,
  });
  const state: BuildState = {
    db,
    tenant,
    planId,
    units: await loadUnits(db, tenant),
    firstRows: new Map(),
    rows: 0,
    writing: Promise.resolve(),
  };
  try {
    await readAll(state, input);
    await markConflicts(state);
    await finishBuild(db, tenant.orgId, planId);
    return planId;
  } catch (error) {
    await state.writing.catch(() => undefined);
    await deletePlan(db, tenant.orgId, planId);
    throw error;
  }
}

async function readAll(state: BuildState, input: CsvPlanInput): Promise<void> {
  let batch: RowRequest[] = [];
  let header = false;
  for await (const record of readCsvRecords(input.body, input.limits ?? CSV_UPLOAD_LIMITS)) {
    if (!header) {
      state.mapping = bindMapping(record.cells, input.mapping);
      header = true;
      continue;
    }
    batch.push(readRow(record, state.mapping as BoundMapping));
    state.rows++;
    if (batch.length >= BATCH) {
      await writeBatch(state, batch);
      batch = [];
    }
  }
  if (!header)
    throw appErrors.invalidRequest(
      'The file is empty. Upload a CSV with a header row and one row per device.',
    );
  await writeBatch(state, batch);
  await state.writing;
  if (state.rows === 0)
    throw appErrors.invalidRequest(
      'The file has a header row but no rows of devices. Add one row per device.',
    );
}

async function writeBatch(state: BuildState, batch: readonly RowRequest[]): Promise<void> {
  const mapping = state.mapping as BoundMapping;
  const keys = [...new Set(batch.filter((row) => row.matchKey !== '').map((row) => row.matchKey))];
  const matches = await matchKeys(state, keys, mapping.by);
  const items = batch.map((request) => itemOf(state, request, matches.get(request.matchKey) ?? []));
  // One write in flight at a time: the previous batch's, overlapping this batch's reading and matching.
  await state.writing;
  const writing = insertItems(state.db, state.tenant.orgId, state.planId, items);
  writing.catch(() => undefined); // awaited before the next write, or by the build's end
  state.writing = writing;
}

/** The devices each key matched in the whole organization (live devices only). */
async function matchKeys(
  state: BuildState,
  keys: readonly string[],
  by: BoundMapping['by'],
): Promise<Map<string, MatchRow[]>> {
  const orgScope = sql<boolean>`d.org_id = ${state.tenant.orgId} and d.deleted_at is null`;
  if (by !== 'deviceId') {
    const found = await matchExactly(state.db, orgScope, keys, by);
    return by === 'serial' ? found.bySerial : found.byAsset;
  }
  const byId = new Map<string, MatchRow[]>();
  if (keys.length === 0) return byId;
  const { rows } = await sql<MatchRow>`
    select d.device_id, d.serial_number, d.annotated_asset_id, d.model, d.status, d.org_unit_path,
      d.annotated_location, d.annotated_user, d.notes, null as serial_key, null as asset_key
    from fleet_device d
    where ${orgScope} and d.device_id in (${sql.join(keys)})`.execute(state.db);
  for (const row of rows) byId.set(row.device_id, [row]);
  return byId;
}

function itemOf(state: BuildState, request: RowRequest, matches: readonly MatchRow[]): NewItem {
  const mapping = state.mapping as BoundMapping;
  const base = {
    itemNo: request.row,
    row: request.row,
    key: request.key === '' ? null : request.key,
    deviceId: null,
    serialNumber: null,
    matchCount: null,
    before: null,
    change: null,
  };
  const repeat = request.matchKey === '' ? undefined : repeatOf(state, request);
  if (repeat) return { ...base, outcome: 'invalid', reason: repeat };
  if (request.problems.length > 0) return { ...base, outcome: 'invalid', reason: request.problems.join(' ') };
  const words = KEY_WORDS[mapping.by];
  const inUnits = matches.filter((device) => inScope(state.tenant, device.org_unit_path));
  if (matches.length === 0)
    return { ...base, outcome: 'not_found', reason: `No device in this organization has this ${words}.` };
  if (inUnits.length === 0)
    return { ...base, outcome: 'out_of_scope', reason: 'The device lies outside your units.' };
  if (matches.length > 1)
    return {
      ...base,
      outcome: 'ambiguous',
      matchCount: matches.length,
      reason: `${matches.length} devices have this ${words}; a row must match exactly one. Key this row by device ID.`,
    };
  const device = matches[0] as MatchRow;
  const classified = classifyRow(request, device, state.units, mapping.notes);
  return {
    ...base,
    deviceId: device.device_id,
    serialNumber: device.serial_number,
    outcome: classified.outcome,
    reason: classified.reason,
    before: classified.before,
    change: classified.change,
  };
}

/** A later row with a key already seen: why it is invalid (and the first row's conflict, noted for the end). */
function repeatOf(state: BuildState, request: RowRequest): string | undefined {
  const signature = requestSignature(request);
  const first = state.firstRows.get(request.matchKey);
  if (!first) {
    state.firstRows.set(request.matchKey, { row: request.row, signature, conflicts: [] });
    return undefined;
  }
  const words = KEY_WORDS[(state.mapping as BoundMapping).by];
  if (first.signature === signature)
    return `Row ${first.row} has the same ${words} and asks the same; only row ${first.row} is kept.`;
  first.conflicts.push(request.row);
  return `Row ${first.row} has the same ${words} but asks something else; keep one row per device.`;
}

async function markConflicts(state: BuildState): Promise<void> {
  const words = KEY_WORDS[(state.mapping as BoundMapping).by];
  const marks = [...state.firstRows.values()]
    .filter((first) => first.conflicts.length > 0)
    .map((first) => ({
      itemNo: first.row,
      reason: `Row${first.conflicts.length > 1 ? 's' : ''} ${first.conflicts.slice(0, 5).join(', ')} ${first.conflicts.length > 1 ? 'have' : 'has'} the same ${words} but ${first.conflicts.length > 1 ? 'ask' : 'asks'} something else; keep one row per device.`,
    }));
  await markItemsInvalid(state.db, state.tenant.orgId, state.planId, marks);
}

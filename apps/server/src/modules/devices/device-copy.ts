import { sql } from 'kysely';
import type { ChromeOsDevice } from '@fleetdeck/google/directory/chromeos-device.schema';
import type { Executor } from '../fleet-store/device-page-writer.ts';
import {
  DEVICE_ROW_SQL_TYPES,
  HISTORY_COLUMN_NAMES,
  HISTORY_COLUMNS,
  toDeviceRow,
  type DeviceRow,
  type HistoryColumn,
} from '../fleet-store/device-row.ts';

/**
 * Our copy of devices after a Fleetdeck action: Google's answer (or Google's known end state of a
 * bulk write, merged into the stored JSON) becomes the device row, and every tracked field that
 * changed becomes a history row marked as an action, with the member who did it. Runs inside the
 * caller's transaction, next to the audit event.
 */

export interface ActionActor {
  readonly userId: string | null;
  /** The bulk run or command behind the change, for the timeline. */
  readonly ref?: string | null | undefined;
}

const COLUMNS = Object.keys(DEVICE_ROW_SQL_TYPES) as (keyof DeviceRow)[];
const RECORD_DEFINITION = COLUMNS.map((c) => `${c} ${DEVICE_ROW_SQL_TYPES[c]}`).join(', ');
const UPDATE_COLUMNS = COLUMNS.filter((c) => c !== 'org_id' && c !== 'device_id' && c !== 'customer_id');

type TrackedRow = Record<HistoryColumn, string | null> & { device_id: string };

/** Why: one write path for every action, so our copy and its history never disagree. */
export async function writeDevicesFromGoogle(
  db: Executor,
  scope: { orgId: string; customerId: string },
  devices: readonly ChromeOsDevice[],
  actor: ActionActor,
): Promise<number> {
  if (devices.length === 0) return 0;
  const rows = devices.map((device) => toDeviceRow(scope.orgId, scope.customerId, device));
  const before = await readTracked(
    db,
    scope.orgId,
    rows.map((row) => row.device_id),
  );
  const payload = JSON.stringify(rows);
  const ids = JSON.stringify(rows.map((row) => row.device_id));
  const updates = UPDATE_COLUMNS.map((c) => `${c} = r.${c}`).join(', ');
  await sql`
    update fleet_device d set ${sql.raw(updates)}, updated_at = now()
    from jsonb_to_recordset(${payload}::jsonb) as r(${sql.raw(RECORD_DEFINITION)})
    where d.org_id = ${scope.orgId} and d.device_id = r.device_id
      and d.device_id = any(array(select jsonb_array_elements_text(${ids}::jsonb)))`.execute(db);
  const history = rows.flatMap((row) => {
    const old = before.get(row.device_id);
    if (!old) return [];
    return HISTORY_COLUMN_NAMES.filter((c) => (old[c] ?? null) !== (row[c] ?? null)).map((c) => ({
      device_id: row.device_id,
      field: HISTORY_COLUMNS[c],
      old_value: old[c],
      new_value: row[c],
    }));
  });
  if (history.length > 0) {
    await sql`
      insert into fleet_device_history
        (org_id, device_id, field, old_value, new_value, source, actor_user_id, action_ref)
      select ${scope.orgId}::text, r.device_id, r.field, r.old_value, r.new_value, 'action',
        ${actor.userId}::text, ${actor.ref ?? null}::text
      from jsonb_to_recordset(${JSON.stringify(history)}::jsonb)
        as r(device_id text, field text, old_value text, new_value text)`.execute(db);
  }
  return history.length;
}

/** Device JSON fields a bulk write may know, with their column and the name history shows. */
const KNOWN_FIELDS = {
  orgUnitPath: { column: 'org_unit_path', history: HISTORY_COLUMNS.org_unit_path },
  orgUnitId: { column: 'org_unit_id', history: undefined },
  status: { column: 'status', history: HISTORY_COLUMNS.status },
  deprovisionReason: { column: 'deprovision_reason', history: HISTORY_COLUMNS.deprovision_reason },
} as const;
export type KnownChanges = Partial<Record<keyof typeof KNOWN_FIELDS, string>>;

/**
 * Why: bulk moves and status changes get no device back from Google, but their end state is
 * known. It is set in place (columns and stored JSON, history for what really changed) in a few
 * statements per chunk, instead of re-reading every device at Google. The content hash is left
 * as it was, so the next sync rewrites the row from Google's own answer.
 */
export async function writeKnownChanges(
  db: Executor,
  scope: { orgId: string; customerId: string },
  deviceIds: readonly string[],
  changes: KnownChanges,
  actor: ActionActor,
): Promise<number> {
  const fields = (Object.keys(changes) as (keyof typeof KNOWN_FIELDS)[]).filter(
    (field) => changes[field] !== undefined,
  );
  if (deviceIds.length === 0 || fields.length === 0) return 0;
  const ids = JSON.stringify(deviceIds);
  const inIds = sql`d.org_id = ${scope.orgId}
    and d.device_id = any(array(select jsonb_array_elements_text(${ids}::jsonb)))`;
  let historyRows = 0;
  for (const field of fields) {
    const { column, history } = KNOWN_FIELDS[field];
    if (!history) continue;
    const value = changes[field] ?? null;
    const inserted = await sql`
      insert into fleet_device_history
        (org_id, device_id, field, old_value, new_value, source, actor_user_id, action_ref)
      select d.org_id, d.device_id, ${history}::text, d.${sql.ref(column)}, ${value}::text, 'action',
        ${actor.userId}::text, ${actor.ref ?? null}::text
      from fleet_device d
      where ${inIds} and d.${sql.ref(column)} is distinct from ${value}`.execute(db);
    historyRows += Number(inserted.numAffectedRows ?? 0);
  }
  const sets = fields.map(
    (field) => sql`${sql.ref(KNOWN_FIELDS[field].column)} = ${changes[field] ?? null}::text`,
  );
  await sql`
    update fleet_device d set ${sql.join(sets)}, raw = d.raw || ${JSON.stringify(changes)}::jsonb,
      updated_at = now()
    where ${inIds}`.execute(db);
  return historyRows;
}

async function readTracked(db: Executor, orgId: string, deviceIds: readonly string[]) {
  const tracked = HISTORY_COLUMN_NAMES.map((c) => `${c}::text as ${c}`).join(', ');
  const result = await sql<TrackedRow>`
    select device_id, ${sql.raw(tracked)} from fleet_device
    where org_id = ${orgId}
      and device_id = any(array(select jsonb_array_elements_text(${JSON.stringify(deviceIds)}::jsonb)))`.execute(
    db,
  );
  return new Map(result.rows.map((row) => [row.device_id, row]));
}

/** A timeline line that is not a field of Google's device: a disable reason, a return message change. */
export interface DeviceNote {
  /**
   * `disableReason`, `returnMessage` (set on the unit) or `returnMessageInherited` (the unit's own
   * removed, so it shows its parent's); the timeline words them.
   */
  readonly field: 'disableReason' | 'returnMessage' | 'returnMessageInherited';
  readonly oldValue: string | null;
  readonly newValue: string | null;
  readonly actorUserId: string;
  /** For the return message fields, the path of the unit whose policy changed. */
  readonly ref?: string | undefined;
}

/** Why: the device's timeline shows what Fleetdeck did around an action, in the action's transaction. */
export async function recordDeviceNote(
  db: Executor,
  orgId: string,
  deviceId: string,
  note: DeviceNote,
): Promise<void> {
  await sql`
    insert into fleet_device_history
      (org_id, device_id, field, old_value, new_value, source, actor_user_id, action_ref)
    values (${orgId}, ${deviceId}, ${note.field}, ${note.oldValue}, ${note.newValue}, 'action',
      ${note.actorUserId}, ${note.ref ?? null})`.execute(db);
}

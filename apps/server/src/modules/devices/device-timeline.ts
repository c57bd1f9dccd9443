import { sql } from 'kysely';
import { DEVICE_COMMANDS, type DeviceCommandType } from '@fleetdeck/shared/device-actions';
import type { TimelineEntry, TimelineKind } from '@fleetdeck/shared/device-contract';
import { appErrors } from '../../errors/app-error.ts';
import type { DeviceDeps } from './device-context.ts';
import { requireDevice, type DeviceTenant } from './device-tenant.ts';
import { castsTo } from '../../db/sql-values.ts';
import { fieldLabel, fieldValue, summarize, type Change } from './timeline-summary.ts';

/**
 * "Who had it, when, where": one device's history, commands and enrollments merged newest first.
 * A sync's changes to plain fields (versions, addresses) become one "synced" entry per run; OU
 * moves, user and status changes stay entries of their own. Keyset pages over (time, key).
 */

/** History fields with a timeline kind of their own. */
const KIND_OF_FIELD: Readonly<Record<string, TimelineKind>> = {
  orgUnitPath: 'org_unit',
  annotatedUser: 'user',
  recentUser: 'user',
  status: 'status',
  deprovisionReason: 'status',
  disableReason: 'status',
  returnMessage: 'policy',
  returnMessageInherited: 'policy',
};
const OWN_KIND_FIELDS = Object.keys(KIND_OF_FIELD);

const COMMAND_STATE_LABELS: Readonly<Record<string, string>> = {
  PENDING: 'waiting for the device',
  SENT_TO_CLIENT: 'sent to the device',
  ACKED_BY_CLIENT: 'acknowledged by the device',
  EXECUTED_BY_CLIENT: 'executed',
  EXPIRED: 'expired before the device picked it up',
  CANCELLED: 'cancelled',
};

interface EntryRow {
  key: string;
  at: Date | string;
  /** The time as PostgreSQL prints it (microseconds kept), for the cursor. */
  at_text: string;
  source: 'sync' | 'action' | 'user';
  origin: 'history' | 'command' | 'enrolled' | 'reenrolled';
  changes: Change[] | string | null;
  actor_id: string | null;
  /** The unit a return message change was written on (history's action_ref). */
  ref: string | null;
  actor_name: string | null;
  actor_email: string | null;
  command_type: string | null;
  command_state: string | null;
  command_result: Record<string, unknown> | string | null;
  /** The change plan whose run made the change (history's action_ref `plan:<id>`). */
  plan_id: string | null;
  plan_title: string | null;
}

/** Why: the device page's timeline, one keyset page at a time. */
export async function getDeviceTimeline(
  deps: DeviceDeps,
  tenant: DeviceTenant,
  deviceId: string,
  query: { cursor?: string | undefined; limit: number },
): Promise<{ entries: TimelineEntry[]; nextCursor: string | null }> {
  const device = await requireDevice(deps.db, tenant, deviceId);
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  if (query.cursor !== undefined && !after)
    throw appErrors.invalidRequest('This page link is not valid any more. Reload the timeline.');
  const org = tenant.orgId;
  const id = device.device_id;
  const result = await sql<EntryRow>`
    with hist as (
      select
        case when h.source = 'sync' and h.field not in (${sql.join(OWN_KIND_FIELDS)})
          then 'g' || coalesce(h.sync_run_id::text, h.id::text) else 'h' || lpad(h.id::text, 20, '0') end as key,
        h.changed_at, h.source, h.field, h.old_value, h.new_value, h.actor_user_id, h.action_ref
      from fleet_device_history h
      where h.org_id = ${org} and h.device_id = ${id}
    ),
    entries as (
      select key, max(changed_at) as at, min(source) as source, 'history' as origin,
        jsonb_agg(jsonb_build_object('field', field, 'old', old_value, 'new', new_value) order by field) as changes,
        min(actor_user_id) as actor_id, min(action_ref) as ref, null::text as command_type, null::text as command_state,
        null::jsonb as command_result
      from hist group by key
      union all
      select 'c' || command_id, issued_at, 'action', 'command', null, issued_by, null, type, state, result
      from fleet_device_command where org_id = ${org} and device_id = ${id}
      union all
      select 'e1', first_enrollment_time, 'sync', 'enrolled', null, null, null, null, null, null
      from fleet_device where org_id = ${org} and device_id = ${id} and first_enrollment_time is not null
      union all
      select 'e2', last_enrollment_time, 'sync', 'reenrolled', null, null, null, null, null, null
      from fleet_device where org_id = ${org} and device_id = ${id} and last_enrollment_time is not null
        and last_enrollment_time is distinct from first_enrollment_time
    )
    select e.key, e.at, e.at::text as at_text, e.source, e.origin, e.changes, e.actor_id, e.ref, e.command_type, e.command_state,
      e.command_result, u.name as actor_name, u.email as actor_email, p.id::text as plan_id, p.title as plan_title
    from entries e left join "user" u on u.id = e.actor_id
      left join plan p on p.org_id = ${org} and e.ref like 'plan:%' and p.id::text = substr(e.ref, 6)
    where ${after ? sql`(e.at, e.key) < (${after.at}::timestamptz, ${after.key})` : sql`true`}
    order by e.at desc, e.key desc
    limit ${query.limit + 1}`.execute(deps.db);
  const rows = result.rows.slice(0, query.limit);
  const last = rows.at(-1);
  return {
    entries: rows.map(presentEntry),
    nextCursor: result.rows.length > query.limit && last ? encodeCursor(last) : null,
  };
}

const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)?$/;

/** The cursor keeps PostgreSQL's microseconds: entries of one transaction share a time to the microsecond. */
function encodeCursor(row: EntryRow): string {
  return Buffer.from(JSON.stringify([row.at_text, row.key])).toString('base64url');
}

function decodeCursor(cursor: string): { at: string; key: string } | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return undefined;
    const [at, key] = value as unknown[];
    if (
      typeof at !== 'string' ||
      typeof key !== 'string' ||
      !CURSOR_TIME.test(at) ||
      !castsTo(at, 'timestamptz') ||
      key.length > 100
    )
      return undefined;
    return { at, key };
  } catch {
    return undefined;
  }
}

function parseJson<T>(value: T | string | null): T | null {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

function presentEntry(row: EntryRow): TimelineEntry {
  const at = new Date(row.at).toISOString();
  const actor = row.actor_id ? { id: row.actor_id, name: row.actor_name, email: row.actor_email } : null;
  const base = { id: row.key, at, source: row.source, actor };
  if (row.origin === 'enrolled' || row.origin === 'reenrolled') {
    return {
      ...base,
      kind: 'enrollment',
      field: row.origin === 'enrolled' ? 'firstEnrollmentTime' : 'lastEnrollmentTime',
      oldValue: null,
      newValue: at,
      summary: row.origin === 'enrolled' ? 'Enrolled in the organization' : 'Re-enrolled (last enrollment)',
    };
  }
  if (row.origin === 'command') return presentCommand(row, base);
  const changes = parseJson<Change[]>(row.changes) ?? [];
  const first = changes[0] ?? { field: 'unknown', old: null, new: null };
  if (changes.length > 1) {
    const parts = changes
      .slice(0, 3)
      .map((c) => `${fieldLabel(c.field)} ${fieldValue(c.field, c.old)} → ${fieldValue(c.field, c.new)}`);
    const more = changes.length > 3 ? `, and ${changes.length - 3} more` : '';
    return {
      ...base,
      kind: 'sync',
      field: null,
      oldValue: null,
      newValue: null,
      summary: `Synced from Google: ${parts.join('; ')}${more}`,
    };
  }
  const byPlan = row.plan_id && row.plan_title ? { id: row.plan_id, title: row.plan_title } : null;
  return {
    ...base,
    kind: KIND_OF_FIELD[first.field] ?? 'field',
    field: first.field,
    oldValue: first.old,
    newValue: first.new,
    summary: byPlan
      ? `${summarize(first, null)} (changed by plan "${byPlan.title}")`
      : summarize(first, row.ref),
    plan: byPlan,
  };
}

function presentCommand(
  row: EntryRow,
  base: Pick<TimelineEntry, 'id' | 'at' | 'source' | 'actor'>,
): TimelineEntry {
  const type = row.command_type ?? 'command';
  const name = type in DEVICE_COMMANDS ? DEVICE_COMMANDS[type as DeviceCommandType].label : type;
  const state = row.command_state ?? 'PENDING';
  const result = parseJson<Record<string, unknown>>(row.command_result);
  const outcome = typeof result?.result === 'string' ? ` (${result.result.toLowerCase()})` : '';
  return {
    ...base,
    kind: 'command',
    field: type,
    oldValue: null,
    newValue: state,
    summary: `${name} command ${COMMAND_STATE_LABELS[state] ?? state.toLowerCase()}${outcome}`,
  };
}

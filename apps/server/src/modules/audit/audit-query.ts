import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import {
  AUDIT_CATEGORIES,
  auditOriginSchema,
  type AuditEntry,
  type AuditPage,
  type auditExportQuerySchema,
  type auditQuerySchema,
} from '@fleetdeck/shared/audit-contract';
import { auditActionLabel } from '@fleetdeck/shared/audit-actions';
import type { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import { castsTo } from '../../db/sql-values.ts';
import { appErrors } from '../../errors/app-error.ts';
import { csvCell } from '../fleet/device-export.ts';

type AuditQuery = z.output<typeof auditQuerySchema>;
export type AuditFilters = z.output<typeof auditExportQuerySchema>;

function encodeCursor(occurredAt: Date, id: string): string {
  return Buffer.from(`${occurredAt.toISOString()}|${id}`).toString('base64url');
}

/** Why: a page link that was cut short or forged is a clear 400, not the first page again or a 500. */
function decodeCursor(cursor: string): { at: string; id: string } {
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!at || !id || rest.length > 0 || !castsTo(at, 'timestamptz') || !castsTo(id, 'uuid')) {
    throw appErrors.invalidRequest('This page link of the audit log is not valid. Reload the audit log.');
  }
  return { at, id };
}

/** `%`, `_` and `\` typed by an admin match themselves in LIKE. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

type AuditSelect = SelectQueryBuilder<DB, 'audit_log', object>;

/**
 * Why: the page and the CSV export narrow the log alike: one organization, then what (action or
 * category), who, the target (its words or id, as typed), the result, a change plan (its own
 * entries and its run's device changes) and the dates.
 */
function filtered(db: Kysely<DB>, orgId: string, filters: AuditFilters): AuditSelect {
  let q: AuditSelect = db.selectFrom('audit_log').where('org_id', '=', orgId);
  if (filters.action) q = q.where('action', '=', filters.action);
  if (filters.category) {
    const prefixes = AUDIT_CATEGORIES[filters.category].prefixes;
    q = q.where((eb) => eb.or(prefixes.map((prefix) => eb('action', 'like', `${likeLiteral(prefix)}%`))));
  }
  if (filters.actorUserId) q = q.where('actor_user_id', '=', filters.actorUserId);
  if (filters.target) {
    const pattern = `%${likeLiteral(filters.target)}%`;
    q = q.where(
      sql<boolean>`(coalesce(target_label, '') || ' ' || coalesce(target_id, '')) ilike ${pattern}`,
    );
  }
  if (filters.outcome) q = q.where('outcome', '=', filters.outcome);
  if (filters.planId) {
    const planId = filters.planId;
    q = q.where(
      sql<boolean>`(origin->>'planId' = ${planId} or (target_type = 'plan' and target_id = ${planId}))`,
    );
  }
  if (filters.from) q = q.where('occurred_at', '>=', new Date(filters.from));
  if (filters.to) q = q.where('occurred_at', '<', new Date(filters.to));
  return q;
}

const ENTRY_COLUMNS = [
  'id',
  'occurred_at',
  'actor_user_id',
  'actor_label',
  'actor_name',
  'origin',
  'action',
  'target_type',
  'target_id',
  'target_label',
  'outcome',
  'ip',
  'user_agent',
  'request_id',
  'details',
  'hash',
] as const;

async function readPage(
  db: Kysely<DB>,
  orgId: string,
  filters: AuditFilters,
  limit: number,
  after: { at: string | Date; id: string } | undefined,
) {
  let q = filtered(db, orgId, filters)
    .select(ENTRY_COLUMNS)
    .select(sql<string>`chain_seq::text`.as('sequence'))
    .orderBy('occurred_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit);
  if (after) {
    q = q.where(sql<boolean>`(occurred_at, id) < (${new Date(after.at)}::timestamptz, ${after.id}::uuid)`);
  }
  return q.execute();
}

type EntryRow = Awaited<ReturnType<typeof readPage>>[number];

function presentEntry(row: EntryRow): AuditEntry {
  const origin = auditOriginSchema.safeParse(row.origin);
  return {
    id: row.id,
    occurredAt: row.occurred_at.toISOString(),
    actorUserId: row.actor_user_id,
    actorLabel: row.actor_label,
    actorName: row.actor_name,
    origin: origin.success ? origin.data : null,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    targetLabel: row.target_label,
    outcome: row.outcome,
    ip: row.ip,
    userAgent: row.user_agent,
    details: row.details,
    sequence: row.sequence,
  };
}

/** Why: the audit page reads one organization's log, newest first, a page at a time. */
export async function listAudit(db: Kysely<DB>, orgId: string, query: AuditQuery): Promise<AuditPage> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await readPage(db, orgId, query, query.limit + 1, cursor);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    entries: page.map(presentEntry),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.occurred_at, last.id) : null,
  };
}

/** Rows read per statement by the export: memory stays bounded whatever the log's size. */
export const AUDIT_EXPORT_PAGE = 1000;

const CSV_COLUMNS = [
  'When (UTC)',
  'Who',
  'Email',
  'Member id',
  'Started by',
  'Action',
  'Action id',
  'Target type',
  'Target',
  'Target id',
  'Result',
  'IP address',
  'Browser',
  'Request id',
  'Details',
  'Sequence',
  'Hash',
];

/** How an action Fleetdeck did by itself was started, in words. */
export function originText(origin: AuditEntry['origin']): string {
  if (!origin) return '';
  switch (origin.kind) {
    case 'schedule':
      return 'Sync schedule';
    case 'sync_run':
      return `Sync run ${origin.runId ?? ''} (${origin.trigger ?? 'manual'})`.trim();
    case 'bulk_run':
      return `Bulk run ${origin.runId ?? ''}`.trim();
    case 'plan':
      return `Change plan ${origin.planId ?? ''}`.trim();
    case 'command_follower':
      return 'Command follower';
    case 'retention':
      return 'Retention job';
  }
}

/**
 * Why: an export of any size: pages of `AUDIT_EXPORT_PAGE` rows read by keyset and written as
 * they come, newest first, the same filters as the page. `counter.rows` says how many were sent.
 */
export async function* auditCsv(
  db: Kysely<DB>,
  orgId: string,
  filters: AuditFilters,
  counter: { rows: number },
): AsyncGenerator<string> {
  yield `\uFEFF${CSV_COLUMNS.map((label) => csvCell(label)).join(',')}\r\n`;
  let after: { at: Date; id: string } | undefined;
  for (;;) {
    const rows = await readPage(db, orgId, filters, AUDIT_EXPORT_PAGE, after);
    let chunk = '';
    for (const row of rows) {
      const entry = presentEntry(row);
      const cells = [
        entry.occurredAt,
        entry.actorName ?? (entry.actorLabel ? '' : 'Fleetdeck'),
        entry.actorLabel,
        entry.actorUserId,
        originText(entry.origin),
        auditActionLabel(entry.action),
        entry.action,
        entry.targetType,
        entry.targetLabel,
        entry.targetId,
        entry.outcome,
        entry.ip,
        entry.userAgent,
        row.request_id,
        JSON.stringify(entry.details),
        entry.sequence,
        row.hash,
      ];
      chunk += `${cells.map((cell) => csvCell(cell ?? null)).join(',')}\r\n`;
    }
    counter.rows += rows.length;
    if (chunk !== '') yield chunk;
    const last = rows.at(-1);
    if (!last || rows.length < AUDIT_EXPORT_PAGE) return;
    after = { at: last.occurred_at, id: last.id };
  }
}

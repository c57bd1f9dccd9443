import { sql, type Kysely } from 'kysely';
import {
  AUDIT_CATEGORIES,
  type AuditEntry,
  type AuditPage,
  type auditQuerySchema,
} from '@fleetdeck/shared/audit-contract';
import type { AuditAction } from '@fleetdeck/shared/audit-actions';
import type { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import { castsTo } from '../../db/sql-values.ts';
import { appErrors } from '../../errors/app-error.ts';

export interface AuditEvent {
  /** Catalogued with its label for the audit log page. */
  readonly action: AuditAction;
  readonly outcome: 'success' | 'failure';
  /** Omitted: taken from the actor's membership, so identity events land in their organization. */
  readonly orgId?: string | null | undefined;
  readonly actorUserId?: string | null | undefined;
  readonly actorLabel?: string | null | undefined;
  readonly targetType?: string | undefined;
  readonly targetId?: string | undefined;
  readonly ip?: string | undefined;
  readonly userAgent?: string | undefined;
  readonly requestId?: string | undefined;
  /** Never tokens, codes or passwords: callers pass only ids, names and reasons. */
  readonly details?: Record<string, unknown> | undefined;
}

/** Why: security events (sign-ins, MFA, roles, invitations) must be reviewable by the organization. */
export async function recordAudit(db: Kysely<DB>, event: AuditEvent): Promise<void> {
  const actor = event.actorUserId ?? null;
  const orgId =
    event.orgId !== undefined
      ? event.orgId
      : actor === null
        ? null
        : sql<string | null>`(select org_id from org_member where user_id = ${actor})`;
  await db
    .insertInto('audit_log')
    .values({
      org_id: orgId,
      actor_user_id: actor,
      actor_label: event.actorLabel?.slice(0, 320) ?? null,
      action: event.action,
      target_type: event.targetType ?? null,
      target_id: event.targetId ?? null,
      outcome: event.outcome,
      ip: event.ip ?? null,
      user_agent: event.userAgent?.slice(0, 512) ?? null,
      request_id: event.requestId ?? null,
      details: JSON.stringify(event.details ?? {}) as never,
    })
    .execute();
}

type AuditQuery = z.output<typeof auditQuerySchema>;

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

/** Why: the audit page reads one organization's log, newest first, a page at a time. */
export async function listAudit(db: Kysely<DB>, orgId: string, query: AuditQuery): Promise<AuditPage> {
  let q = db
    .selectFrom('audit_log')
    .selectAll()
    .where('org_id', '=', orgId)
    .orderBy('occurred_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit + 1);
  if (query.action) q = q.where('action', '=', query.action);
  if (query.category) {
    const prefixes = AUDIT_CATEGORIES[query.category].prefixes;
    // `_` is a LIKE wildcard (as in `saved_view.`): escaped, so prefixes match literally.
    q = q.where((eb) =>
      eb.or(prefixes.map((prefix) => eb('action', 'like', `${prefix.replaceAll('_', '\\_')}%`))),
    );
  }
  if (query.actorUserId) q = q.where('actor_user_id', '=', query.actorUserId);
  if (query.outcome) q = q.where('outcome', '=', query.outcome);
  if (query.from) q = q.where('occurred_at', '>=', new Date(query.from));
  if (query.to) q = q.where('occurred_at', '<', new Date(query.to));
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  if (cursor) {
    q = q.where(sql<boolean>`(occurred_at, id) < (${new Date(cursor.at)}::timestamptz, ${cursor.id}::uuid)`);
  }
  const rows = await q.execute();
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    entries: page.map((row): AuditEntry => ({
      id: row.id,
      occurredAt: row.occurred_at.toISOString(),
      actorUserId: row.actor_user_id,
      actorLabel: row.actor_label,
      action: row.action,
      targetType: row.target_type,
      targetId: row.target_id,
      outcome: row.outcome,
      ip: row.ip,
      details: row.details,
    })),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.occurred_at, last.id) : null,
  };
}

import type { AuditAction } from '@fleetdeck/shared/audit-actions';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { recordAudit } from '../modules/audit/audit-log.ts';

/** Who acted, as a route knows them. */
export interface RequestActor {
  readonly orgId: string;
  readonly userId: string | null;
  /** Their email or name, kept with the entry (they may leave the organization). */
  readonly label?: string | null | undefined;
}

/** Why: most routes know the caller by organization, user and email; the email labels the entry. */
export function callerActor(caller: { orgId: string; userId: string; email: string }): RequestActor {
  return { orgId: caller.orgId, userId: caller.userId, label: caller.email };
}

export interface RequestAuditEvent {
  readonly action: AuditAction;
  readonly outcome?: 'success' | 'failure' | undefined;
  readonly targetType: string;
  readonly targetId: string;
  /** Never tokens, codes or passwords: ids, names and reasons only. */
  readonly details?: Record<string, unknown> | undefined;
}

/**
 * Why: every route that records an action names the same facts (who, in which organization, from
 * which address and browser, which request), so they are written in one place. `db` may be the
 * transaction of the write the entry records.
 */
export function auditRequest(
  db: Kysely<DB>,
  request: FastifyRequest,
  actor: RequestActor,
  event: RequestAuditEvent,
): Promise<void> {
  return recordAudit(db, {
    action: event.action,
    outcome: event.outcome ?? 'success',
    orgId: actor.orgId,
    actorUserId: actor.userId,
    actorLabel: actor.label ?? null,
    targetType: event.targetType,
    targetId: event.targetId,
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    requestId: request.id,
    details: event.details,
  });
}

import type { Kysely } from 'kysely';
import type { AuditAction } from '@fleetdeck/shared/audit-actions';
import type { DB } from '../../db/schema.ts';
import { recordAudit, type AuditEvent } from './audit-log.ts';

/**
 * Who acted and from where, as a route knows them (the request context and the request), handed
 * to the service that records the action: the entry names the member, the organization, the
 * address, the browser and the request.
 */
export interface AuditSource {
  readonly orgId: string;
  readonly userId: string | null;
  /** Their email or name, kept with the entry (they may leave the organization). */
  readonly label?: string | null | undefined;
  readonly ip?: string | undefined;
  readonly userAgent?: string | undefined;
  readonly requestId?: string | undefined;
}

/** The parts of a request an audit entry reads (a Fastify request has them). */
export interface AuditedRequest {
  readonly ip: string;
  readonly id: string;
  readonly headers: { readonly 'user-agent'?: string | undefined };
}

/** Who acted, as the request context names them. */
export interface AuditActor {
  readonly orgId: string;
  readonly userId: string | null;
  readonly label?: string | null | undefined;
}

export interface SourcedAuditEvent {
  readonly action: AuditAction;
  readonly outcome?: 'success' | 'failure' | undefined;
  readonly targetType: string;
  readonly targetId: string;
  /** Never tokens, codes or passwords: ids, names and reasons only. */
  readonly details?: Record<string, unknown> | undefined;
}

/** Why: most routes know the caller by organization, user and email; the email labels the entry. */
export function callerActor(caller: { orgId: string; userId: string; email: string }): AuditActor {
  return { orgId: caller.orgId, userId: caller.userId, label: caller.email };
}

/** Why: every audited route names the same facts of its request, so they are read in one place. */
export function auditSourceOf(request: AuditedRequest, actor: AuditActor): AuditSource {
  return {
    ...actor,
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    requestId: request.id,
  };
}

/** Why: the entry of an action a member asked for, as the audit log stores it. */
export function sourcedEvent(source: AuditSource, event: SourcedAuditEvent): AuditEvent {
  return {
    action: event.action,
    outcome: event.outcome ?? 'success',
    orgId: source.orgId,
    actorUserId: source.userId,
    actorLabel: source.label ?? null,
    targetType: event.targetType,
    targetId: event.targetId,
    ip: source.ip,
    userAgent: source.userAgent,
    requestId: source.requestId,
    details: event.details,
  };
}

/**
 * Why: the services' one way to record an action a member asked for. `db` may be the transaction
 * of the write the entry records.
 */
export function recordSourcedAudit(
  db: Kysely<DB>,
  source: AuditSource,
  event: SourcedAuditEvent,
): Promise<void> {
  return recordAudit(db, sourcedEvent(source, event));
}

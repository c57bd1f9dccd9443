import { createHash } from 'node:crypto';

/**
 * The audit log's hash chain (decision 035). Each entry's hash is SHA-256 over its content and its
 * predecessor's hash, per chain: one chain per organization, and one for the entries that belong
 * to none (a failed sign-in of an unknown address). Pure functions: the writer, the verifier and
 * migration 0018 hash the same way.
 */

/** The predecessor of a chain's first entry. */
export const GENESIS_HASH = '0'.repeat(64);

/** The chain an entry belongs to: its organization, or `''` for entries without one. */
export function chainOf(orgId: string | null): string {
  return orgId ?? '';
}

/** What is hashed: every column an admin reads, as stored. */
export interface HashedEntry {
  readonly id: string;
  readonly chainSeq: string;
  readonly occurredAt: Date;
  readonly orgId: string | null;
  readonly actorUserId: string | null;
  readonly actorLabel: string | null;
  readonly actorName: string | null;
  readonly origin: unknown;
  readonly action: string;
  readonly targetType: string | null;
  readonly targetId: string | null;
  readonly targetLabel: string | null;
  readonly outcome: string;
  readonly ip: string | null;
  readonly userAgent: string | null;
  readonly requestId: string | null;
  readonly details: unknown;
}

/** An `audit_log` row as read back with its chain sequence as text (`chain_seq::text as seq`). */
export interface StoredAuditRow {
  readonly id: string;
  readonly seq: string;
  readonly occurred_at: Date;
  readonly org_id: string | null;
  readonly actor_user_id: string | null;
  readonly actor_label: string | null;
  readonly actor_name: string | null;
  readonly origin: unknown;
  readonly action: string;
  readonly target_type: string | null;
  readonly target_id: string | null;
  readonly target_label: string | null;
  readonly outcome: string;
  readonly ip: string | null;
  readonly user_agent: string | null;
  readonly request_id: string | null;
  readonly details: unknown;
}

/** Why: the verifier hashes a stored row exactly as the writer hashed the entry it came from. */
export function hashedEntryOf(row: StoredAuditRow): HashedEntry {
  return {
    id: row.id,
    chainSeq: row.seq,
    occurredAt: row.occurred_at,
    orgId: row.org_id,
    actorUserId: row.actor_user_id,
    actorLabel: row.actor_label,
    actorName: row.actor_name,
    origin: row.origin,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    targetLabel: row.target_label,
    outcome: row.outcome,
    ip: row.ip,
    userAgent: row.user_agent,
    requestId: row.request_id,
    details: row.details,
  };
}

/**
 * Why: jsonb keeps no key order, so objects are hashed with their keys sorted (at every depth);
 * a value is first round-tripped through JSON, as the database stores it.
 */
export function canonicalJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonicalJson);
  if (value !== null && typeof value === 'object') {
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort())
      sorted[key] = canonicalJson((value as Record<string, unknown>)[key]);
    return sorted;
  }
  return value;
}

export function auditEntryHash(prevHash: string, entry: HashedEntry): string {
  const content = JSON.stringify([
    'fleetdeck-audit-v1',
    prevHash,
    entry.orgId,
    entry.chainSeq,
    entry.id,
    entry.occurredAt.toISOString(),
    entry.actorUserId,
    entry.actorLabel,
    entry.actorName,
    canonicalJson(entry.origin ?? null),
    entry.action,
    entry.targetType,
    entry.targetId,
    entry.targetLabel,
    entry.outcome,
    entry.ip,
    entry.userAgent,
    entry.requestId,
    canonicalJson(entry.details ?? {}),
  ]);
  return createHash('sha256').update(content, 'utf8').digest('hex');
}

import type { Kysely } from 'kysely';
import type { AuditPage, AuditVerifyResult, auditQuerySchema } from '@fleetdeck/shared/audit-contract';
import type { MemberRole } from '@fleetdeck/shared/permissions';
import type { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import { appErrors } from '../../errors/app-error.ts';
import { auditCsv, listAudit, type AuditFilters } from './audit-query.ts';
import { auditRetentionDays, setAuditRetentionDays } from './audit-retention.ts';
import { recordSourcedAudit, type AuditSource } from './audit-source.ts';
import { verifyAuditChain } from './audit-verify.ts';

/**
 * The audit log page's service: the caller's organization's entries and their CSV, the chain
 * verified, and the retention, each action recorded in the log it reads (decision 035).
 */

export interface AuditDeps {
  readonly db: Kysely<DB>;
}

/** Why: newest first, keyset pages, narrowed as the page asks. */
export function auditPage(
  deps: AuditDeps,
  orgId: string,
  query: z.output<typeof auditQuerySchema>,
): Promise<AuditPage> {
  return listAudit(deps.db, orgId, query);
}

/**
 * Why: the export is an entry of the log it exports, written once the file ended (or broke off)
 * with how many rows it held; a failure to write it goes to `onAuditError`, the file is sent.
 */
export async function* auditedAuditCsv(
  deps: AuditDeps,
  source: AuditSource,
  filters: AuditFilters,
  onAuditError: (error: unknown) => void,
): AsyncGenerator<string> {
  const counter = { rows: 0 };
  let finished = false;
  try {
    yield* auditCsv(deps.db, source.orgId, filters, counter);
    finished = true;
  } finally {
    await recordSourcedAudit(deps.db, source, {
      action: 'audit.exported',
      outcome: finished ? 'success' : 'failure',
      targetType: 'organization',
      targetId: source.orgId,
      details: { filters, rows: counter.rows },
    }).catch(onAuditError);
  }
}

/** Why: walks the organization's chain and records that it was checked, with what it found. */
export async function verifyAuditLog(deps: AuditDeps, source: AuditSource): Promise<AuditVerifyResult> {
  const result = await verifyAuditChain(deps.db, source.orgId);
  await recordSourcedAudit(deps.db, source, {
    action: 'audit.verified',
    outcome: result.ok ? 'success' : 'failure',
    targetType: 'organization',
    targetId: source.orgId,
    details: {
      checked: result.checked,
      headSequence: result.headSequence,
      ...(result.firstBad ? { firstBad: result.firstBad } : {}),
    },
  });
  return result;
}

export function auditRetention(deps: AuditDeps, orgId: string): Promise<number> {
  return auditRetentionDays(deps.db, orgId);
}

/** Why: only owners decide how long the log is kept; the change and its entry commit together. */
export async function changeAuditRetention(
  deps: AuditDeps,
  source: AuditSource,
  role: MemberRole,
  days: number,
): Promise<number> {
  if (role !== 'owner') {
    throw appErrors.ownerRequired(
      'Only owners change how long the audit log is kept. Ask an owner of your organization.',
    );
  }
  await deps.db.transaction().execute(async (tx) => {
    const before = await auditRetentionDays(tx, source.orgId);
    await setAuditRetentionDays(tx, source.orgId, days);
    await recordSourcedAudit(tx, source, {
      action: 'audit.retention_changed',
      targetType: 'organization',
      targetId: source.orgId,
      details: { before, after: days },
    });
  });
  return days;
}

import { sql, type Kysely } from 'kysely';
import type { AuditVerifyResult } from '@fleetdeck/shared/audit-contract';
import type { DB } from '../../db/schema.ts';
import { auditEntryHash, chainOf, GENESIS_HASH, hashedEntryOf, type StoredAuditRow } from './audit-hash.ts';

/** Entries read per statement while verifying: a million-entry chain is never in memory at once. */
export const AUDIT_VERIFY_PAGE = 2000;

interface ChainRow extends StoredAuditRow {
  prev_hash: string;
  hash: string;
}

type FirstBad = NonNullable<AuditVerifyResult['firstBad']>;

function bad(
  row: ChainRow | undefined,
  sequence: string,
  problem: FirstBad['problem'],
  message: string,
): FirstBad {
  return {
    sequence,
    entryId: row?.id ?? null,
    occurredAt: row ? row.occurred_at.toISOString() : null,
    problem,
    message,
  };
}

/**
 * Why: the log is tamper-evident only if someone can check it. Walks the organization's chain
 * from its anchor (what retention deleted last) to the head as it stood when the walk began, a
 * page at a time, recomputing each entry's hash, and names the first entry that does not match:
 * one whose content changed, one whose predecessor is gone, or a head that is no longer there.
 */
export async function verifyAuditChain(db: Kysely<DB>, orgId: string | null): Promise<AuditVerifyResult> {
  const chain = chainOf(orgId);
  const head = await db
    .selectFrom('audit_chain')
    .select([
      sql<string>`head_seq::text`.as('head_seq'),
      'head_hash',
      sql<string>`anchor_seq::text`.as('anchor_seq'),
      'anchor_hash',
    ])
    .where('chain', '=', chain)
    .executeTakeFirst();
  if (!head) {
    return {
      ok: true,
      checked: 0,
      headSequence: '0',
      headHash: GENESIS_HASH,
      anchorSequence: '0',
      firstBad: null,
    };
  }
  const headSeq = BigInt(head.head_seq);
  let expected = BigInt(head.anchor_seq) + 1n;
  let prev = head.anchor_hash;
  let checked = 0;
  const result = (firstBad: FirstBad | null): AuditVerifyResult => ({
    ok: firstBad === null,
    checked,
    headSequence: head.head_seq,
    headHash: head.head_hash,
    anchorSequence: head.anchor_seq,
    firstBad,
  });
  let after = BigInt(head.anchor_seq);
  for (;;) {
    const { rows } = await sql<ChainRow>`
      select id::text as id, chain_seq::text as seq, occurred_at, org_id, actor_user_id, actor_label, actor_name,
        origin, action, target_type, target_id, target_label, outcome, ip, user_agent, request_id, details,
        prev_hash, hash
      from audit_log
      where coalesce(org_id, '') = ${chain} and chain_seq > ${after.toString()}::bigint
        and chain_seq <= ${head.head_seq}::bigint
      order by coalesce(org_id, ''), chain_seq limit ${AUDIT_VERIFY_PAGE}`.execute(db);
    for (const row of rows) {
      const seq = BigInt(row.seq);
      if (seq !== expected) {
        const missing = seq - 1n === expected ? `#${expected}` : `#${expected}–#${seq - 1n}`;
        return result(
          bad(row, row.seq, 'missing_before', `Entry ${missing} before entry #${row.seq} was deleted.`),
        );
      }
      if (row.prev_hash !== prev) {
        return result(
          bad(
            row,
            row.seq,
            'edited',
            `Entry #${row.seq} does not follow the entry before it: that entry or this one was changed.`,
          ),
        );
      }
      const hash = auditEntryHash(prev, hashedEntryOf(row));
      if (hash !== row.hash) {
        return result(bad(row, row.seq, 'edited', `Entry #${row.seq} was changed after it was written.`));
      }
      checked += 1;
      prev = row.hash;
      expected += 1n;
      after = seq;
    }
    if (rows.length < AUDIT_VERIFY_PAGE) break;
  }
  if (expected - 1n !== headSeq) {
    const missing = expected === headSeq ? `#${headSeq}` : `#${expected}–#${headSeq}`;
    return result(
      bad(undefined, String(expected), 'missing_newest', `The newest entry ${missing} was deleted.`),
    );
  }
  if (prev !== head.head_hash) {
    return result(
      bad(undefined, head.head_seq, 'edited', `Entry #${head.head_seq} was changed after it was written.`),
    );
  }
  return result(null);
}

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

function readHead(db: Kysely<DB>, chain: string) {
  return db
    .selectFrom('audit_chain')
    .select([
      sql<string>`head_seq::text`.as('head_seq'),
      'head_hash',
      sql<string>`anchor_seq::text`.as('anchor_seq'),
      'anchor_hash',
    ])
    .where('chain', '=', chain)
    .executeTakeFirst();
}

/** The next page of the chain after sequence `after`, up to the head as it stood when the walk began. */
async function readPage(db: Kysely<DB>, chain: string, after: bigint, headSeq: string): Promise<ChainRow[]> {
  const { rows } = await sql<ChainRow>`
    select id::text as id, chain_seq::text as seq, occurred_at, org_id, actor_user_id, actor_label, actor_name,
      origin, action, target_type, target_id, target_label, outcome, ip, user_agent, request_id, details,
      prev_hash, hash
    from audit_log
    where coalesce(org_id, '') = ${chain} and chain_seq > ${after.toString()}::bigint
      and chain_seq <= ${headSeq}::bigint
    order by coalesce(org_id, ''), chain_seq limit ${AUDIT_VERIFY_PAGE}`.execute(db);
  return rows;
}

/** Where the walk stands: the sequence and previous hash the next entry must have. */
interface Walk {
  expected: bigint;
  prev: string;
  checked: number;
}

/** What is wrong with the next entry of the walk, or null when it follows its predecessor. */
function problemOf(row: ChainRow, walk: Walk): FirstBad | null {
  const seq = BigInt(row.seq);
  const { expected, prev } = walk;
  if (seq !== expected) {
    const missing = seq - 1n === expected ? `#${expected}` : `#${expected}–#${seq - 1n}`;
    return bad(row, row.seq, 'missing_before', `Entry ${missing} before entry #${row.seq} was deleted.`);
  }
  if (row.prev_hash !== prev) {
    return bad(
      row,
      row.seq,
      'edited',
      `Entry #${row.seq} does not follow the entry before it: that entry or this one was changed.`,
    );
  }
  const hash = auditEntryHash(prev, hashedEntryOf(row));
  if (hash !== row.hash)
    return bad(row, row.seq, 'edited', `Entry #${row.seq} was changed after it was written.`);
  return null;
}

/** What is wrong with the end of the walk: the head's entry gone, or not the one the head names. */
function headProblemOf(walk: Walk, headSeqText: string, headHash: string): FirstBad | null {
  const headSeq = BigInt(headSeqText);
  const { expected } = walk;
  if (expected - 1n !== headSeq) {
    const missing = expected === headSeq ? `#${headSeq}` : `#${expected}–#${headSeq}`;
    return bad(undefined, String(expected), 'missing_newest', `The newest entry ${missing} was deleted.`);
  }
  if (walk.prev !== headHash)
    return bad(undefined, headSeqText, 'edited', `Entry #${headSeqText} was changed after it was written.`);
  return null;
}

/**
 * Why: the log is tamper-evident only if someone can check it. Walks the organization's chain
 * from its anchor (what retention deleted last) to the head as it stood when the walk began, a
 * page at a time, recomputing each entry's hash, and names the first entry that does not match:
 * one whose content changed, one whose predecessor is gone, or a head that is no longer there.
 */
export async function verifyAuditChain(db: Kysely<DB>, orgId: string | null): Promise<AuditVerifyResult> {
  const chain = chainOf(orgId);
  const head = await readHead(db, chain);
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
  const walk: Walk = { expected: BigInt(head.anchor_seq) + 1n, prev: head.anchor_hash, checked: 0 };
  const result = (firstBad: FirstBad | null): AuditVerifyResult => ({
    ok: firstBad === null,
    checked: walk.checked,
    headSequence: head.head_seq,
    headHash: head.head_hash,
    anchorSequence: head.anchor_seq,
    firstBad,
  });
  let after = BigInt(head.anchor_seq);
  for (;;) {
    const rows = await readPage(db, chain, after, head.head_seq);
    for (const row of rows) {
      const problem = problemOf(row, walk);
      if (problem) return result(problem);
      walk.checked += 1;
      walk.prev = row.hash;
      walk.expected += 1n;
      after = BigInt(row.seq);
    }
    if (rows.length < AUDIT_VERIFY_PAGE) break;
  }
  return result(headProblemOf(walk, head.head_seq, head.head_hash));
}

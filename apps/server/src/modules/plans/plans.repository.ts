import { sql, type Kysely, type Selectable } from 'kysely';
import { PLAN_LIMITS, PLAN_OUTCOMES, type PlanKind, type PlanOutcome } from '@fleetdeck/shared/plan-contract';
import type { PlanTable } from '../../db/plan-schema.ts';
import type { DB } from '../../db/schema.ts';
import { copyIn, copyJson, copyText } from '../../db/copy-in.ts';

/**
 * Plans and their items in the database. Every function takes the organization id. A plan is
 * inserted as `building` and its items written in batches as the upload streams in (no
 * transaction held open while the client sends); it becomes a draft once every row is in, and a
 * build that fails is deleted with its items. Builds left behind by a stopped process are deleted
 * when the organization next builds a plan.
 */

export type PlanRow = Selectable<PlanTable>;

export interface NewItem {
  readonly itemNo: number;
  readonly row: number | null;
  readonly key: string | null;
  readonly deviceId: string | null;
  readonly serialNumber: string | null;
  readonly outcome: PlanOutcome;
  readonly reason: string | null;
  readonly matchCount: number | null;
  readonly applyOrder?: number;
  readonly before: unknown;
  readonly change: unknown;
}

const ABANDONED_BUILD = '1 hour';

/** Why: a plan exists from its first row on, so its items can be written while the upload streams. */
export async function insertBuildingPlan(
  db: Kysely<DB>,
  plan: {
    orgId: string;
    kind: PlanKind;
    title: string;
    source: Record<string, unknown>;
    permissions: readonly string[];
    createdBy: string;
  },
): Promise<string> {
  const abandoned = await db
    .selectFrom('plan')
    .select('id')
    .where('org_id', '=', plan.orgId)
    .where('state', '=', 'building')
    .where('created_at', '<', sql<Date>`now() - ${ABANDONED_BUILD}::interval`)
    .execute();
  for (const { id } of abandoned) await deletePlan(db, plan.orgId, id);
  const row = await db
    .insertInto('plan')
    .values({
      org_id: plan.orgId,
      kind: plan.kind,
      title: plan.title,
      source: JSON.stringify(plan.source),
      permissions: JSON.stringify(plan.permissions),
      created_by: plan.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const ITEM_COLUMNS = [
  'org_id',
  'plan_id',
  'item_no',
  'row_no',
  'key_input',
  'device_id',
  'serial_number',
  'outcome',
  'reason',
  'match_count',
  'apply_order',
  'before',
  'change',
] as const;

const orNull = (value: number | null) => (value === null ? '\\N' : String(value));
const jsonOrNull = (value: unknown) =>
  value === null || value === undefined ? '\\N' : copyJson(JSON.stringify(value));

/**
 * Why: a batch of rows goes in as one COPY (decision 023's path), the cheapest write PostgreSQL
 * has, without waiting for its commit to reach the disk: a plan being built is thrown away when
 * anything stops it, and the commit that makes it a draft (finishBuild) is durable, and with it
 * every batch before.
 */
export async function insertItems(
  db: Kysely<DB>,
  orgId: string,
  planId: string,
  items: readonly NewItem[],
): Promise<void> {
  if (items.length === 0) return;
  const head = `${copyText(orgId)}\t${planId}\t`;
  const lines = items.map(
    (item) =>
      `${head}${item.itemNo}\t${orNull(item.row)}\t${copyText(item.key)}\t${copyText(item.deviceId)}\t${copyText(
        item.serialNumber,
      )}\t${item.outcome}\t${copyText(item.reason)}\t${orNull(item.matchCount)}\t${item.applyOrder ?? 1}\t${jsonOrNull(
        item.before,
      )}\t${jsonOrNull(item.change)}`,
  );
  await db.transaction().execute(async (tx) => {
    await sql`set local synchronous_commit to off`.execute(tx);
    await copyIn(tx, 'plan_item', ITEM_COLUMNS, `${lines.join('\n')}\n`);
  });
}

/** Why: rows found to conflict only once the whole file was read are marked when it ends. */
export async function markItemsInvalid(
  db: Kysely<DB>,
  orgId: string,
  planId: string,
  marks: readonly { itemNo: number; reason: string }[],
): Promise<void> {
  if (marks.length === 0) return;
  await sql`
    update plan_item i set outcome = 'invalid', reason = m.reason, change = null
    from jsonb_to_recordset(${JSON.stringify(marks)}::jsonb) as m("itemNo" integer, reason text)
    where i.org_id = ${orgId} and i.plan_id = ${planId}::uuid and i.item_no = m."itemNo"`.execute(db);
}

/**
 * Why: a plan's counts, its size and the units its changes touch are read once, when it is built,
 * and kept with it (a plan changing more than PLAN_LIMITS.planItems devices is refused here).
 */
export async function finishBuild(
  db: Kysely<DB>,
  orgId: string,
  planId: string,
  source?: Record<string, unknown>,
): Promise<void> {
  const { rows } = await sql<{ outcome: PlanOutcome; n: number }>`
    select outcome, count(*)::int as n from plan_item
    where org_id = ${orgId} and plan_id = ${planId}::uuid group by outcome`.execute(db);
  const counts = Object.fromEntries(PLAN_OUTCOMES.map((outcome) => [outcome, 0])) as Record<
    PlanOutcome,
    number
  >;
  for (const row of rows) counts[row.outcome] = row.n;
  const { rows: units } = await sql<{ path: string }>`
    select distinct path from (
      select before->>'orgUnitPath' as path from plan_item
      where org_id = ${orgId} and plan_id = ${planId}::uuid and outcome = 'change'
      union all
      select change->>'orgUnitPath' from plan_item
      where org_id = ${orgId} and plan_id = ${planId}::uuid and outcome = 'change'
    ) p where path is not null order by path`.execute(db);
  await db
    .updateTable('plan')
    .set({
      state: 'draft',
      counts: JSON.stringify(counts),
      item_count: Object.values(counts).reduce((sum, n) => sum + n, 0),
      change_count: counts.change,
      unit_paths: JSON.stringify(units.map((unit) => unit.path)),
      ...(source ? { source: JSON.stringify(source) } : {}),
    })
    .where('org_id', '=', orgId)
    .where('id', '=', planId)
    .execute();
}

/** Why: a build that failed leaves nothing behind (items first: they have no foreign key). */
export async function deletePlan(db: Kysely<DB>, orgId: string, planId: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('plan_item').where('org_id', '=', orgId).where('plan_id', '=', planId).execute();
    await tx.deleteFrom('plan').where('org_id', '=', orgId).where('id', '=', planId).execute();
  });
}

/** One plan of the organization that is not still building (`planId` a UUID, as the routes check). */
export async function findPlan(
  db: Kysely<DB>,
  orgId: string,
  planId: string,
  lock = false,
): Promise<PlanRow | undefined> {
  let query = db
    .selectFrom('plan')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('id', '=', planId)
    .where('state', '!=', 'building');
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function listPlanRows(
  db: Kysely<DB>,
  orgId: string,
  options: { state?: string | undefined; limit: number },
): Promise<PlanRow[]> {
  let query = db
    .selectFrom('plan')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('state', '!=', 'building')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(Math.min(options.limit * 4, 400));
  if (options.state) query = query.where('state', '=', options.state as PlanRow['state']);
  return query.execute();
}

export async function pageItems(
  db: Kysely<DB>,
  orgId: string,
  planId: string,
  options: { outcome?: PlanOutcome | undefined; after?: number | undefined; limit: number },
) {
  let query = db
    .selectFrom('plan_item')
    .select([
      'item_no',
      'row_no',
      'key_input',
      'device_id',
      'serial_number',
      'outcome',
      'reason',
      'match_count',
      'before',
      'change',
    ])
    .where('org_id', '=', orgId)
    .where('plan_id', '=', planId)
    .orderBy('item_no')
    .limit(Math.min(options.limit, PLAN_LIMITS.itemsPerPage) + 1);
  if (options.outcome) query = query.where('outcome', '=', options.outcome);
  if (options.after !== undefined) query = query.where('item_no', '>', options.after);
  return query.execute();
}

/** Who a plan names (author, approver), as the audit log would: their email, or their name. */
export async function memberLabels(db: Kysely<DB>, userIds: readonly string[]): Promise<Map<string, string>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const { rows } = await sql<{ id: string; label: string }>`
    select id, coalesce(email, name) as label from "user" where id in (${sql.join(ids)})`.execute(db);
  return new Map(rows.map((row) => [row.id, row.label]));
}

/** The organization's approval threshold (an owner may change it). */
export async function approvalThreshold(db: Kysely<DB>, orgId: string): Promise<number> {
  const row = await db
    .selectFrom('org')
    .select('plan_approval_threshold')
    .where('id', '=', orgId)
    .executeTakeFirst();
  return row?.plan_approval_threshold ?? PLAN_LIMITS.defaultApprovalThreshold;
}

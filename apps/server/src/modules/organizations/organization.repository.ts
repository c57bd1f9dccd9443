import { sql, type Kysely, type Transaction } from 'kysely';
import type { Member } from '@fleetdeck/shared/organization-contract';
import type { SyncStatus } from '@fleetdeck/shared/sync-contract';
import type { MemberRole } from '@fleetdeck/shared/permissions';
import type { DB } from '../../db/schema.ts';

type Executor = Kysely<DB> | Transaction<DB>;

export interface OrganizationRow {
  id: string;
  name: string;
  googleCustomerId: string;
  primaryDomain: string | null;
  managedOuPath: string;
  onboardingCompletedAt: Date | null;
  onboardingScopeChosenAt: Date | null;
}

const orgColumns = [
  'org.id as id',
  'org.name as name',
  'org.google_customer_id as googleCustomerId',
  'org.primary_domain as primaryDomain',
  'org.managed_ou_path as managedOuPath',
  'org.onboarding_completed_at as onboardingCompletedAt',
  'org.onboarding_scope_chosen_at as onboardingScopeChosenAt',
] as const;

/** Why: the one place that reads an organization, always by its id. */
export async function findOrganization(db: Executor, orgId: string): Promise<OrganizationRow | undefined> {
  return db.selectFrom('org').select(orgColumns).where('id', '=', orgId).executeTakeFirst();
}

/** Why: onboarding joins the organization of a Google customer if one exists already. */
export async function findOrganizationByCustomer(
  db: Executor,
  customerId: string,
): Promise<OrganizationRow | undefined> {
  return db
    .selectFrom('org')
    .select(orgColumns)
    .where('google_customer_id', '=', customerId)
    .executeTakeFirst();
}

/**
 * Why: someone without a Google grant (signed in by email) asks the organization of their verified
 * address's domain: its primary domain, or a domain its owner lets join.
 */
export async function findOrganizationByDomain(
  db: Executor,
  domain: string,
): Promise<OrganizationRow | undefined> {
  const lower = domain.toLowerCase();
  return db
    .selectFrom('org')
    .select(orgColumns)
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['primary_domain']), '=', lower),
        eb('auto_join_domains', '@>', sql<string[]>`${JSON.stringify([lower])}::jsonb`),
      ]),
    )
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
}

/** Why: creating an organization and its first owner is one unit. */
export async function createOrganization(
  db: Executor,
  values: { name: string; customerId: string; primaryDomain: string | null },
): Promise<string> {
  const row = await db
    .insertInto('org')
    .values({
      name: values.name,
      google_customer_id: values.customerId,
      primary_domain: values.primaryDomain,
    })
    .onConflict((oc) => oc.column('google_customer_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (row) return row.id;
  const existing = await findOrganizationByCustomer(db, values.customerId);
  if (!existing) throw new Error('organization vanished while being created');
  return existing.id;
}

export async function addMember(
  db: Executor,
  orgId: string,
  member: { userId: string; role: MemberRole; ouScope?: readonly string[] },
): Promise<void> {
  await db
    .insertInto('org_member')
    .values({
      org_id: orgId,
      user_id: member.userId,
      role: member.role,
      ou_scope: JSON.stringify(member.ouScope ?? []),
    })
    .execute();
}

/**
 * Why: an organization always keeps an owner, also when two owners demote or remove each other at
 * the same moment. Locks the organization's owner rows until `trx` ends and answers their user ids:
 * a concurrent change of an owner waits for this transaction, then sees its result (PostgreSQL
 * re-reads a locked row that changed before handing it over), so two changes cannot both count
 * the other as the remaining owner. Call it before the change, in the transaction that makes it.
 */
export async function lockOwners(trx: Transaction<DB>, orgId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('org_member')
    .select('user_id')
    .where('org_id', '=', orgId)
    .where('role', '=', 'owner')
    // One order for every locker, so two of them never wait on each other.
    .orderBy('user_id')
    .forUpdate()
    .execute();
  return rows.map((row) => row.user_id);
}

/** Why: the members page; names and emails come from the identity tables. */
export async function listMembers(db: Executor, orgId: string): Promise<Member[]> {
  const rows = await db
    .selectFrom('org_member')
    .innerJoin('user', 'user.id', 'org_member.user_id')
    .select([
      'org_member.user_id as userId',
      'user.email as email',
      'user.name as name',
      'org_member.role as role',
      'org_member.ou_scope as ouScope',
      'org_member.created_at as joinedAt',
    ])
    .where('org_member.org_id', '=', orgId)
    .orderBy('org_member.created_at')
    .orderBy('org_member.user_id')
    .limit(5000)
    .execute();
  return rows.map((row) => ({ ...row, joinedAt: new Date(row.joinedAt).toISOString() }));
}

export async function findMember(
  db: Executor,
  orgId: string,
  userId: string,
): Promise<{ role: MemberRole; ouScope: string[]; email: string | null } | undefined> {
  return db
    .selectFrom('org_member')
    .leftJoin('user', 'user.id', 'org_member.user_id')
    .select(['org_member.role', 'org_member.ou_scope as ouScope', 'user.email'])
    .where('org_member.org_id', '=', orgId)
    .where('org_member.user_id', '=', userId)
    .executeTakeFirst();
}

export async function updateMember(
  db: Executor,
  orgId: string,
  userId: string,
  changes: { role?: MemberRole | undefined; ouScope?: readonly string[] | undefined },
): Promise<void> {
  await db
    .updateTable('org_member')
    .set({
      updated_at: new Date(),
      ...(changes.role ? { role: changes.role } : {}),
      ...(changes.ouScope ? { ou_scope: JSON.stringify(changes.ouScope) } : {}),
    })
    .where('org_id', '=', orgId)
    .where('user_id', '=', userId)
    .execute();
}

export async function removeMember(db: Executor, orgId: string, userId: string): Promise<void> {
  await db.deleteFrom('org_member').where('org_id', '=', orgId).where('user_id', '=', userId).execute();
}

/**
 * Why: onboarding's scope step is saved once and remembered: the path may change later, the time
 * it was first chosen does not. Answers the path it replaced, or undefined for an unknown org.
 */
export async function saveOuScope(
  db: Transaction<DB>,
  orgId: string,
  ouPath: string,
): Promise<{ previousOuPath: string; firstTime: boolean } | undefined> {
  const before = await db
    .selectFrom('org')
    .select(['managed_ou_path as ouPath', 'onboarding_scope_chosen_at as chosenAt'])
    .where('id', '=', orgId)
    .forUpdate()
    .executeTakeFirst();
  if (!before) return undefined;
  await db
    .updateTable('org')
    .set({
      managed_ou_path: ouPath,
      onboarding_scope_chosen_at: sql<Date>`coalesce(onboarding_scope_chosen_at, now())`,
    })
    .where('id', '=', orgId)
    .execute();
  return { previousOuPath: before.ouPath, firstTime: before.chosenAt === null };
}

/** Answers whether this call finished onboarding (false when it was finished already). */
export async function markOnboardingComplete(db: Executor, orgId: string): Promise<boolean> {
  const result = await db
    .updateTable('org')
    .set({ onboarding_completed_at: new Date() })
    .where('id', '=', orgId)
    .where('onboarding_completed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface FirstSyncRow {
  runId: string;
  status: SyncStatus;
  finishedAt: Date | null;
}

/**
 * Why: onboarding is at "first sync" until a full sync succeeded. Answers the organization's first
 * complete copy (the earliest succeeded full run, near the start of its run history), else its
 * latest full run (a first sync queued, running, failed or cancelled), else undefined.
 */
export async function findFirstSync(db: Executor, orgId: string): Promise<FirstSyncRow | undefined> {
  const runs = db
    .selectFrom('sync_run')
    .select(['id as runId', 'status', 'finished_at as finishedAt'])
    .where('org_id', '=', orgId)
    .where('kind', '=', 'full');
  const succeeded = await runs
    .where('status', '=', 'succeeded')
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .limit(1)
    .executeTakeFirst();
  return succeeded ?? runs.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export interface GoogleConnectionRow {
  userId: string;
  accountId: string;
  status: 'connected' | 'needs_reconsent';
  scopes: string[];
}

export async function findGoogleConnection(
  db: Executor,
  orgId: string,
): Promise<GoogleConnectionRow | undefined> {
  return db
    .selectFrom('org_google_connection')
    .select(['user_id as userId', 'account_id as accountId', 'status', 'scopes'])
    .where('org_id', '=', orgId)
    .executeTakeFirst();
}

/** Why: reconnecting replaces the grant the organization runs on and clears `needs_reconsent`. */
export async function saveGoogleConnection(
  db: Executor,
  orgId: string,
  grant: { userId: string; accountId: string; scopes: readonly string[] },
): Promise<void> {
  const now = new Date();
  const values = {
    user_id: grant.userId,
    account_id: grant.accountId,
    status: 'connected' as const,
    scopes: JSON.stringify(grant.scopes),
    updated_at: now,
    last_error: null,
  };
  await db
    .insertInto('org_google_connection')
    .values({ org_id: orgId, connected_at: now, ...values })
    .onConflict((oc) => oc.column('org_id').doUpdateSet({ ...values, connected_at: now }))
    .execute();
}

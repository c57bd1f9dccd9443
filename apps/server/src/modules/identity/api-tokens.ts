import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ApiToken } from '@fleetdeck/shared/api-token-contract';
import {
  API_TOKEN_MAX_ACTIVE,
  API_TOKEN_PATTERN,
  API_TOKEN_PREFIX,
  tokenRolesFor,
  type ApiTokenRole,
} from '@fleetdeck/shared/api-tokens';
import { roleCan } from '@fleetdeck/shared/permissions';
import type { DB } from '../../db/schema.ts';
import { appErrors } from '../../errors/app-error.ts';
import { identityErrors } from '../../errors/identity-errors.ts';
import type { AuditEvent } from '../audit/audit-log.ts';
import { checkMemberScope } from '../organizations/member-scope-check.ts';
import type { MemberContext } from './principal.ts';

/**
 * Personal API tokens: created by a member for their scripts, shown once, kept as a sha-256
 * hash. Their role and units are capped by the creator's at creation and again at every use
 * (api-token-scope.ts), so a demoted or narrowed creator's tokens follow, and a leaver's stop.
 */

const DAY_MS = 86_400_000;
/** last_used_at is written at most this often per token (a busy script is not a write per call). */
const LAST_USED_PRECISION_MS = 60_000;
/** A use from a new address is audited at most once an hour per token. */
const USE_AUDIT_INTERVAL_MS = 3_600_000;

export const hashApiToken = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** The member a token acts for, as resolved for one request. */
export interface ApiTokenCaller {
  readonly orgId: string;
  readonly userId: string;
  readonly email: string;
  readonly member: MemberContext;
}

type TokenRow = {
  id: string;
  name: string;
  token_prefix: string;
  role: ApiTokenRole;
  ou_scope: string[];
  created_at: Date;
  expires_at: Date;
  last_used_at: Date | null;
  last_used_ip: string | null;
  revoked_at: Date | null;
  user_id: string;
  email: string;
  user_name: string;
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toApiToken(row: TokenRow): ApiToken {
  const expired = new Date(row.expires_at).getTime() <= Date.now();
  return {
    id: row.id,
    name: row.name,
    prefix: row.token_prefix,
    role: row.role,
    units: row.ou_scope,
    createdAt: new Date(row.created_at).toISOString(),
    expiresAt: new Date(row.expires_at).toISOString(),
    lastUsedAt: iso(row.last_used_at),
    lastUsedIp: row.last_used_ip,
    revokedAt: iso(row.revoked_at),
    status: row.revoked_at ? 'revoked' : expired ? 'expired' : 'active',
    creator: { userId: row.user_id, email: row.email, name: row.user_name },
  };
}

const tokenColumns = [
  'api_token.id as id',
  'api_token.name as name',
  'api_token.token_prefix as token_prefix',
  'api_token.role as role',
  'api_token.ou_scope as ou_scope',
  'api_token.created_at as created_at',
  'api_token.expires_at as expires_at',
  'api_token.last_used_at as last_used_at',
  'api_token.last_used_ip as last_used_ip',
  'api_token.revoked_at as revoked_at',
  'api_token.user_id as user_id',
  'user.email as email',
  'user.name as user_name',
] as const;

/** Why: a member sees their own tokens; owners and admins may list the whole organization's. */
export async function listApiTokens(db: Kysely<DB>, orgId: string, userId?: string): Promise<ApiToken[]> {
  let query = db
    .selectFrom('api_token')
    .innerJoin('user', 'user.id', 'api_token.user_id')
    .select(tokenColumns)
    .where('api_token.org_id', '=', orgId);
  if (userId !== undefined) query = query.where('api_token.user_id', '=', userId);
  const rows = await query
    .orderBy('api_token.created_at', 'desc')
    .orderBy('api_token.id')
    .limit(500)
    .execute();
  return rows.map(toApiToken);
}

/** Why: a token's role and units never exceed its creator's (nobody grants more than they hold). */
export async function checkApiTokenGrant(
  db: Kysely<DB>,
  caller: ApiTokenCaller,
  input: { role: ApiTokenRole; units: readonly string[] },
): Promise<void> {
  const allowed = tokenRolesFor(caller.member.role);
  if (!allowed.includes(input.role))
    throw appErrors.forbidden(
      `A token cannot hold more than you: you are ${caller.member.role}, so choose ${allowed.join(' or ')}.`,
    );
  await checkMemberScope(db, caller.orgId, input.role, input.units, caller.member);
}

/** Why: the secret leaves the server once, in this answer; only its hash is stored. */
export async function createApiToken(
  db: Kysely<DB>,
  caller: ApiTokenCaller,
  input: { name: string; role: ApiTokenRole; units: readonly string[]; expiresInDays: number },
): Promise<{ token: ApiToken; secret: string }> {
  const units = [...new Set(input.units)];
  await checkApiTokenGrant(db, caller, { role: input.role, units });
  const secret = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const id = await db.transaction().execute(async (trx) => {
    // Counted under the member's row lock, so two creations at once cannot pass the limit together.
    await trx
      .selectFrom('org_member')
      .select('user_id')
      .where('org_id', '=', caller.orgId)
      .where('user_id', '=', caller.userId)
      .forUpdate()
      .execute();
    const active = await trx
      .selectFrom('api_token')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', caller.userId)
      .where('org_id', '=', caller.orgId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', new Date())
      .executeTakeFirstOrThrow();
    if (Number(active.count) >= API_TOKEN_MAX_ACTIVE)
      throw appErrors.conflict(
        `You already have ${API_TOKEN_MAX_ACTIVE} active API tokens. Revoke one you no longer use, then create this one.`,
      );
    const row = await trx
      .insertInto('api_token')
      .values({
        org_id: caller.orgId,
        user_id: caller.userId,
        name: input.name,
        token_hash: hashApiToken(secret),
        token_prefix: secret.slice(0, API_TOKEN_PREFIX.length + 4),
        role: input.role,
        ou_scope: JSON.stringify(units),
        expires_at: new Date(Date.now() + input.expiresInDays * DAY_MS),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  const [token] = (await listApiTokens(db, caller.orgId, caller.userId)).filter((t) => t.id === id);
  if (!token) throw new Error('the API token just created was not found');
  return { token, secret };
}

/**
 * Why: a member revokes their own tokens; owners and admins any of the organization's. Another
 * member's token is unknown to everyone else, as is another organization's (404).
 * Answers the token when this call revoked it, undefined when it was revoked already.
 */
export async function revokeApiToken(
  db: Kysely<DB>,
  caller: { orgId: string; userId: string; member: MemberContext },
  tokenId: string,
): Promise<ApiToken | undefined> {
  const row = await db
    .selectFrom('api_token')
    .select(['id', 'user_id'])
    .where('id', '=', tokenId)
    .where('org_id', '=', caller.orgId)
    .executeTakeFirst();
  if (!row || (row.user_id !== caller.userId && !roleCan(caller.member.role, 'members.manage')))
    throw appErrors.notFound('No API token with this id in your organization.');
  const revoked = await db
    .updateTable('api_token')
    .set({ revoked_at: new Date(), revoked_by: caller.userId })
    .where('id', '=', tokenId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!revoked) return undefined;
  return (await listApiTokens(db, caller.orgId)).find((token) => token.id === tokenId);
}

/** What resolving a token's secret tells the request context. */
export interface ApiTokenFacts {
  readonly id: string;
  readonly name: string;
  readonly orgId: string;
  readonly userId: string;
  readonly email: string;
  readonly userName: string;
  readonly role: ApiTokenRole;
  readonly units: readonly string[];
  readonly createdAt: Date;
  readonly expiresAt: Date;
}

/**
 * Why: a bearer value starting with `fdk_` is a personal API token: found by its hash, refused
 * in words once revoked or expired, and its use recorded (last used, and an audit entry the
 * first time in an hour that it comes from a new address).
 */
export async function resolveApiTokenSecret(
  deps: { db: Kysely<DB>; audit: (event: AuditEvent) => Promise<void> },
  secret: string,
  request: { ip: string; userAgent?: string | undefined; requestId: string },
): Promise<ApiTokenFacts> {
  const invalid = () => identityErrors.apiTokenInvalid();
  if (!API_TOKEN_PATTERN.test(secret)) throw invalid();
  const row = await deps.db
    .selectFrom('api_token')
    .innerJoin('user', 'user.id', 'api_token.user_id')
    .select([...tokenColumns, 'api_token.org_id as org_id', 'api_token.use_audited_at as use_audited_at'])
    .where('api_token.token_hash', '=', hashApiToken(secret))
    .executeTakeFirst();
  if (!row) throw invalid();
  if (row.revoked_at) throw identityErrors.apiTokenRevoked();
  if (new Date(row.expires_at).getTime() <= Date.now()) throw identityErrors.apiTokenExpired();
  await recordUse(deps, row, request);
  return {
    id: row.id,
    name: row.name,
    orgId: row.org_id,
    userId: row.user_id,
    email: row.email,
    userName: row.user_name,
    role: row.role,
    units: row.ou_scope,
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
  };
}

async function recordUse(
  deps: { db: Kysely<DB>; audit: (event: AuditEvent) => Promise<void> },
  row: TokenRow & { org_id: string; use_audited_at: Date | null },
  request: { ip: string; userAgent?: string | undefined; requestId: string },
): Promise<void> {
  const now = Date.now();
  const lastUsed = row.last_used_at ? new Date(row.last_used_at).getTime() : 0;
  const newAddress = row.last_used_ip !== request.ip;
  if (!newAddress && now - lastUsed < LAST_USED_PRECISION_MS) return;
  await deps.db
    .updateTable('api_token')
    .set({ last_used_at: new Date(now), last_used_ip: request.ip })
    .where('id', '=', row.id)
    .execute();
  if (!newAddress) return;
  // One request wins the hour's entry, however many arrive together from the new address.
  const claimed = await deps.db
    .updateTable('api_token')
    .set({ use_audited_at: new Date(now) })
    .where('id', '=', row.id)
    .where((eb) =>
      eb.or([
        eb('use_audited_at', 'is', null),
        eb('use_audited_at', '<', new Date(now - USE_AUDIT_INTERVAL_MS)),
      ]),
    )
    .returning('id')
    .executeTakeFirst();
  if (!claimed) return;
  await deps.audit({
    action: 'api_token.used',
    outcome: 'success',
    orgId: row.org_id,
    actorUserId: row.user_id,
    actorLabel: row.email,
    targetType: 'api_token',
    targetId: row.id,
    ip: request.ip,
    userAgent: request.userAgent,
    requestId: request.requestId,
    details: { name: row.name, previousIp: row.last_used_ip },
  });
}

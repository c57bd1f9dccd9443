import type { FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { Kysely } from 'kysely';
import { API_TOKEN_PREFIX } from '@fleetdeck/shared/api-tokens';
import type { AuthenticatorAssuranceLevel } from '@fleetdeck/shared/auth-contract';
import type { MemberRole } from '@fleetdeck/shared/permissions';
import type { DB } from '../../db/schema.ts';
import { identityErrors } from '../../errors/identity-errors.ts';
import type { AuditEvent } from '../audit/audit-log.ts';
import { scopeOf } from '../organizations/ou-scope.ts';
import { narrowToToken } from './api-token-scope.ts';
import { resolveApiTokenSecret } from './api-tokens.ts';
import type { IdentityAuth } from './identity-auth.ts';
import type { VerifiedJwt } from './jwt-verifier.ts';
import { isPastAbsoluteLifetime } from './session-policy.ts';

/** The caller's membership as one request sees it: organization, role and units. */
export interface MemberContext {
  readonly orgId: string;
  readonly role: MemberRole;
  readonly customerId: string;
  /** The part of the organization Fleetdeck manages (`/` unless onboarding chose a unit). */
  readonly managedOuPath: string;
  /** The units this member was given; empty for the whole managed tree. */
  readonly grantedUnits: readonly string[];
  /** The OU subtrees the member may see and act in (`scopeOf`). */
  readonly ouPaths: readonly string[];
  /** Whether `ouPaths` is the whole managed tree. */
  readonly wholeTree: boolean;
}

/**
 * Who is calling, resolved once per request from the session cookie, a bearer JWT or a personal
 * API token: the request context every route reads (identity, membership and units, how they
 * signed in, step-up).
 *
 * An API token (`via: 'api_token'`) has no session: its `sessionId` is `api-token:<id>`, which
 * no session row has, `steppedUpAt` is undefined (it can never step up), its `member` is the
 * creator's membership narrowed to the token's role and units, and `session…At` are the token's.
 */
export interface Principal {
  readonly userId: string;
  readonly email: string;
  readonly name: string;
  readonly sessionId: string;
  readonly orgId: string | undefined;
  readonly role: MemberRole | undefined;
  readonly member: MemberContext | undefined;
  /** When this session last proved a fresh second factor (step-up), if ever. */
  readonly steppedUpAt: Date | undefined;
  readonly aal: AuthenticatorAssuranceLevel;
  /** The user has a verified second factor that this session has not passed yet. */
  readonly secondFactorPending: boolean;
  readonly via: 'cookie' | 'bearer' | 'api_token';
  /** The personal API token the request came with, when it did. */
  readonly apiToken?: { readonly id: string; readonly name: string } | undefined;
  readonly sessionCreatedAt: Date;
  readonly sessionExpiresAt: Date;
}

export const sessionMissing = identityErrors.sessionMissing;

interface Resolvers {
  readonly auth: IdentityAuth;
  readonly db: Kysely<DB>;
  readonly verifyJwt: (token: string) => Promise<VerifiedJwt>;
  readonly audit: (event: AuditEvent) => Promise<void>;
}

interface SessionFacts {
  userId: string;
  email: string;
  name: string;
  sessionId: string;
  token: string;
  aal: unknown;
  twoFactorEnabled: unknown;
  createdAt: Date;
  expiresAt: Date;
}

const BEARER = /^Bearer\s+(\S{1,4096})$/i;

async function fromBearer({ db, verifyJwt }: Resolvers, token: string): Promise<SessionFacts> {
  const jwt = await verifyJwt(token);
  const row = await db
    .selectFrom('session')
    .innerJoin('user', 'user.id', 'session.userId')
    .select([
      'session.id as sessionId',
      'session.token as token',
      'session.userId as userId',
      'session.aal as aal',
      'session.createdAt as createdAt',
      'session.expiresAt as expiresAt',
      'user.email as email',
      'user.name as name',
      'user.twoFactorEnabled as twoFactorEnabled',
    ])
    .where('session.id', '=', jwt.sessionId)
    .where('session.userId', '=', jwt.userId)
    .executeTakeFirst();
  // A JWT outlives nothing: once its session is signed out or expired, the JWT stops working too.
  if (!row || new Date(row.expiresAt).getTime() <= Date.now()) throw sessionMissing();
  return { ...row, createdAt: new Date(row.createdAt), expiresAt: new Date(row.expiresAt) };
}

async function fromCookie(
  { auth }: Resolvers,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<SessionFacts | undefined> {
  const { headers, response } = await auth.api.getSession({
    headers: fromNodeHeaders(request.headers),
    returnHeaders: true,
  });
  // The sliding refresh re-sets the cookie; pass that on so the browser keeps its session.
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) void reply.header('set-cookie', cookies);
  if (!response) return undefined;
  const { session, user } = response;
  return {
    userId: user.id,
    email: user.email,
    name: user.name,
    sessionId: session.id,
    token: session.token,
    aal: session.aal,
    twoFactorEnabled: user.twoFactorEnabled,
    createdAt: new Date(session.createdAt),
    expiresAt: new Date(session.expiresAt),
  };
}

/** Why: every product route needs the same answer to "who is this, in which organization, at which level". */
export async function resolvePrincipal(
  resolvers: Resolvers,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Principal | undefined> {
  const header = request.headers.authorization;
  const bearer = typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined;
  if (typeof header === 'string' && bearer === undefined)
    throw identityErrors.invalidJwt('invalid JWT: send it as "Authorization: Bearer <token>".');
  if (bearer?.startsWith(API_TOKEN_PREFIX)) return fromApiToken(resolvers, request, bearer);
  const facts = bearer ? await fromBearer(resolvers, bearer) : await fromCookie(resolvers, request, reply);
  if (!facts) return undefined;
  if (isPastAbsoluteLifetime(facts.createdAt)) {
    const ctx = await resolvers.auth.$context;
    await ctx.internalAdapter.deleteSession(facts.token);
    throw sessionMissing();
  }
  const [member, steppedUpAt] = await Promise.all([
    readMemberContext(resolvers.db, facts.userId),
    readStepUp(resolvers.db, facts.sessionId),
  ]);
  const aal: AuthenticatorAssuranceLevel = facts.aal === 'aal2' ? 'aal2' : 'aal1';
  return {
    userId: facts.userId,
    email: facts.email,
    sessionId: facts.sessionId,
    name: facts.name,
    orgId: member?.orgId,
    role: member?.role,
    member,
    steppedUpAt,
    aal,
    secondFactorPending: facts.twoFactorEnabled === true && aal !== 'aal2',
    via: bearer ? 'bearer' : 'cookie',
    sessionCreatedAt: facts.createdAt,
    sessionExpiresAt: facts.expiresAt,
  };
}

/**
 * Why: a script's token acts for its creator, never beyond them: the creator's membership now
 * (gone: refused), narrowed to the token's role and units.
 */
async function fromApiToken(
  resolvers: Resolvers,
  request: FastifyRequest,
  secret: string,
): Promise<Principal> {
  const token = await resolveApiTokenSecret(resolvers, secret, {
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    requestId: request.id,
  });
  const creator = await readMemberContext(resolvers.db, token.userId);
  if (!creator || creator.orgId !== token.orgId) throw identityErrors.apiTokenCreatorGone();
  const member = narrowToToken(creator, { role: token.role, units: token.units });
  if (!member) throw identityErrors.apiTokenOutOfScope();
  return {
    userId: token.userId,
    email: token.email,
    name: token.userName,
    sessionId: `api-token:${token.id}`,
    orgId: member.orgId,
    role: member.role,
    member,
    steppedUpAt: undefined,
    aal: 'aal1',
    secondFactorPending: false,
    via: 'api_token',
    apiToken: { id: token.id, name: token.name },
    sessionCreatedAt: token.createdAt,
    sessionExpiresAt: token.expiresAt,
  };
}

/** Why: membership, units and the organization's managed tree in one read per request. */
export async function readMemberContext(db: Kysely<DB>, userId: string): Promise<MemberContext | undefined> {
  const row = await db
    .selectFrom('org_member')
    .innerJoin('org', 'org.id', 'org_member.org_id')
    .select([
      'org_member.org_id as orgId',
      'org_member.role as role',
      'org_member.ou_scope as granted',
      'org.managed_ou_path as managed',
      'org.google_customer_id as customerId',
    ])
    .where('org_member.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  const scope = scopeOf(row.role, row.granted, row.managed);
  return {
    orgId: row.orgId,
    role: row.role,
    customerId: row.customerId,
    managedOuPath: row.managed,
    grantedUnits: row.role === 'owner' ? [] : row.granted,
    ouPaths: scope.paths,
    wholeTree: scope.wholeTree,
  };
}

async function readStepUp(db: Kysely<DB>, sessionId: string): Promise<Date | undefined> {
  const row = await db
    .selectFrom('session_step_up')
    .select('verified_at')
    .where('session_id', '=', sessionId)
    .executeTakeFirst();
  return row?.verified_at ? new Date(row.verified_at) : undefined;
}

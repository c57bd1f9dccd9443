import type { FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { Kysely } from 'kysely';
import type { AuthenticatorAssuranceLevel } from '@fleetdeck/shared/auth-contract';
import { IDENTITY_ERROR_IDS, IDENTITY_MESSAGES } from '@fleetdeck/shared/identity-messages';
import type { MemberRole } from '@fleetdeck/shared/permissions';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../errors/app-error.ts';
import type { IdentityAuth } from './identity-auth.ts';
import type { VerifiedJwt } from './jwt-verifier.ts';
import { isPastAbsoluteLifetime } from './session-policy.ts';

/** Who is calling, resolved once per request from the session cookie or a bearer JWT. */
export interface Principal {
  readonly userId: string;
  readonly email: string;
  readonly sessionId: string;
  readonly orgId: string | undefined;
  readonly role: MemberRole | undefined;
  readonly aal: AuthenticatorAssuranceLevel;
  /** The user has a verified second factor that this session has not passed yet. */
  readonly secondFactorPending: boolean;
  readonly via: 'cookie' | 'bearer';
  readonly sessionCreatedAt: Date;
  readonly sessionExpiresAt: Date;
}

export const sessionMissing = () =>
  new AppError(IDENTITY_ERROR_IDS.sessionMissing, 401, IDENTITY_MESSAGES.sessionMissing);

interface Resolvers {
  readonly auth: IdentityAuth;
  readonly db: Kysely<DB>;
  readonly verifyJwt: (token: string) => Promise<VerifiedJwt>;
}

interface SessionFacts {
  userId: string;
  email: string;
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
    throw new AppError(
      IDENTITY_ERROR_IDS.invalidJwt,
      401,
      'invalid JWT: send it as "Authorization: Bearer <token>".',
    );
  const facts = bearer ? await fromBearer(resolvers, bearer) : await fromCookie(resolvers, request, reply);
  if (!facts) return undefined;
  if (isPastAbsoluteLifetime(facts.createdAt)) {
    const ctx = await resolvers.auth.$context;
    await ctx.internalAdapter.deleteSession(facts.token);
    throw sessionMissing();
  }
  const membership = await resolvers.db
    .selectFrom('org_member')
    .select(['org_id', 'role'])
    .where('user_id', '=', facts.userId)
    .executeTakeFirst();
  const aal: AuthenticatorAssuranceLevel = facts.aal === 'aal2' ? 'aal2' : 'aal1';
  return {
    userId: facts.userId,
    email: facts.email,
    sessionId: facts.sessionId,
    orgId: membership?.org_id,
    role: membership?.role,
    aal,
    secondFactorPending: facts.twoFactorEnabled === true && aal !== 'aal2',
    via: bearer ? 'bearer' : 'cookie',
    sessionCreatedAt: facts.createdAt,
    sessionExpiresAt: facts.expiresAt,
  };
}

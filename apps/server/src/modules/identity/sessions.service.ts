import type { IncomingHttpHeaders } from 'node:http';
import { fromNodeHeaders } from 'better-auth/node';
import type { Kysely } from 'kysely';
import type { AuditAction } from '@fleetdeck/shared/audit-actions';
import type { CurrentPrincipalResponse } from '@fleetdeck/shared/auth-contract';
import type { DB } from '../../db/schema.ts';
import { identityErrors } from '../../errors/identity-errors.ts';
import { findOrganization } from '../organizations/organization.repository.ts';
import { memberScope } from '../organizations/ou-scope.ts';
import type { RealtimeAccess } from '../realtime/realtime-session.ts';
import type { AccessChangedListener } from './access-changes.ts';
import type { Identity } from './identity-plugin.ts';
import type { OrganizationPrincipal } from './request-guards.ts';
import type { Principal } from './principal.ts';
import { deleteSession, deleteSessionsOf, findSession, findUser } from './session.repository.ts';
import { isPastAbsoluteLifetime } from './session-policy.ts';

/**
 * A signed-in person's sessions: who they are (`/api/auth/me`), signing out this browser, the
 * others or everywhere (audited; their open realtime sockets ask again at once), and whether a
 * realtime socket's session and membership still hold.
 */

export interface SessionDeps {
  readonly db: Kysely<DB>;
  readonly identity: Pick<Identity, 'auth' | 'audit'>;
  readonly onAccessChanged: AccessChangedListener;
}

export type SignOutScope = 'local' | 'others' | 'global';

/** The request a sign-out comes from: its cookies end with it; the audit log names where from. */
export interface SignOutRequest {
  readonly headers: IncomingHttpHeaders;
  readonly ip: string;
  readonly id: string;
}

const SIGN_OUT_ACTIONS = {
  local: 'auth.sign_out',
  others: 'auth.sign_out_others',
  global: 'auth.sign_out_everywhere',
} as const satisfies Record<SignOutScope, AuditAction>;

/**
 * Why: signing this browser out is always allowed; ending the other sessions needs the second
 * factor. Answers the cookies that clear this browser's session (none for a bearer token).
 */
export async function signOut(
  deps: SessionDeps,
  principal: Principal,
  scope: SignOutScope,
  request: SignOutRequest,
): Promise<string[]> {
  if (principal.secondFactorPending && scope !== 'local')
    throw identityErrors.mfaRequired('signing out other devices needs your second factor');
  const cookies = await endSessions(deps, principal, scope, request);
  await deps.identity.audit({
    action: SIGN_OUT_ACTIONS[scope],
    outcome: 'success',
    actorUserId: principal.userId,
    actorLabel: principal.email,
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    requestId: request.id,
  });
  return cookies;
}

async function endSessions(
  deps: SessionDeps,
  principal: Principal,
  scope: SignOutScope,
  request: SignOutRequest,
): Promise<string[]> {
  if (scope !== 'local')
    await deleteSessionsOf(deps.db, principal.userId, scope === 'others' ? principal.sessionId : undefined);
  // The member's open realtime sockets ask again whether their session still holds.
  const tell = () => {
    if (principal.orgId !== undefined) deps.onAccessChanged(principal.orgId, principal.userId);
  };
  if (scope === 'others') {
    tell();
    return [];
  }
  let cookies: string[] = [];
  if (principal.via === 'cookie') {
    const { headers } = await deps.identity.auth.api.signOut({
      headers: fromNodeHeaders(request.headers),
      returnHeaders: true,
    });
    cookies = headers.getSetCookie();
  }
  await deleteSession(deps.db, principal.sessionId);
  tell();
  return cookies;
}

/** Why: who is signed in, how (assurance level, the next one), and in which organization. */
export async function currentPrincipal(
  deps: Pick<SessionDeps, 'db'>,
  principal: Principal,
): Promise<CurrentPrincipalResponse> {
  const user = await findUser(deps.db, principal.userId);
  const org = principal.orgId ? await findOrganization(deps.db, principal.orgId) : undefined;
  return {
    user: { id: user.id, email: user.email, name: user.name },
    session: {
      id: principal.sessionId,
      aal: principal.aal,
      // An API token has no second factor to pass: it stays at its level (its "session" is the token).
      nextLevel:
        principal.via === 'api_token' ? principal.aal : user.twoFactorEnabled === true ? 'aal2' : 'aal1',
      createdAt: principal.sessionCreatedAt.toISOString(),
      expiresAt: principal.sessionExpiresAt.toISOString(),
    },
    organization:
      org && principal.member
        ? {
            id: org.id,
            name: org.name,
            role: principal.member.role,
            units: [...principal.member.grantedUnits],
          }
        : null,
  };
}

/**
 * Why: what a realtime socket may hear now: nothing once its session ended (expired, signed out,
 * past its absolute lifetime) or its member left; a viewer limited to units hears no device ids.
 */
export async function realtimeAccess(
  deps: Pick<SessionDeps, 'db'>,
  principal: OrganizationPrincipal,
): Promise<RealtimeAccess | null> {
  const [session, scope] = await Promise.all([
    findSession(deps.db, principal.sessionId, principal.userId),
    memberScope(deps.db, principal),
  ]);
  if (!session || !scope) return null;
  if (
    new Date(session.expiresAt).getTime() <= Date.now() ||
    isPastAbsoluteLifetime(new Date(session.createdAt))
  )
    return null;
  return { orgId: principal.orgId, userId: principal.userId, wholeFleet: scope.wholeTree };
}

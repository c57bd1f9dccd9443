import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { roleCan, type MemberRole, type Permission } from '@fleetdeck/shared/permissions';
import { ROUTE_ACCESS, routeAccessKey, type RouteAccess } from '@fleetdeck/shared/route-access';
import { appErrors } from '../../errors/app-error.ts';
import { identityErrors } from '../../errors/identity-errors.ts';
import { checkApiTokenRoute } from './api-token-refusals.ts';
import { sessionMissing, type MemberContext, type Principal } from './principal.ts';

const principals = new WeakMap<FastifyRequest, Principal>();

type Authenticate = (request: FastifyRequest, reply: FastifyReply) => Promise<Principal | undefined>;

export interface AuthenticationOptions {
  readonly authenticate: Authenticate;
  readonly publicUrl: string;
  /** Routes a session still owing its second factor may call (sign-out, who-am-I). */
  readonly allowPendingSecondFactor?: readonly string[];
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Cookies ride along on cross-site requests; a write must prove it came from Fleetdeck's own pages. */
export function checkSameOrigin(request: FastifyRequest, publicUrl: string): void {
  const expected = new URL(publicUrl).origin;
  const origin = request.headers.origin;
  const referer = request.headers.referer;
  let actual: string | undefined;
  try {
    actual =
      typeof origin === 'string' ? origin : typeof referer === 'string' ? new URL(referer).origin : undefined;
  } catch {
    actual = undefined;
  }
  if (actual !== expected) throw identityErrors.csrfOriginMismatch();
}

/**
 * Why: every route registered in `scope` (and its children) authenticates by session cookie,
 * bearer JWT or personal API token, checks the origin of cookie writes (bearer callers send no
 * cookie a foreign page could ride on), refuses sessions owing a second factor, and keeps API
 * tokens off the routes only a person may call.
 */
export function enforceAuthentication(scope: FastifyInstance, options: AuthenticationOptions): void {
  const pendingAllowed = new Set(options.allowPendingSecondFactor ?? []);
  // A route without an entry in the access table is a route nobody decided about: refuse to start.
  scope.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      if (!(routeAccessKey(method, route.url) in ROUTE_ACCESS))
        throw new Error(
          `${method} ${route.url} has no entry in ROUTE_ACCESS (packages/shared/src/route-access.ts)`,
        );
    }
  });
  scope.addHook('onRequest', async (request, reply) => {
    const principal = await options.authenticate(request, reply);
    if (!principal) throw sessionMissing();
    if (principal.via === 'cookie' && !SAFE_METHODS.has(request.method))
      checkSameOrigin(request, options.publicUrl);
    if (principal.secondFactorPending && !pendingAllowed.has(request.routeOptions.url ?? '')) {
      throw identityErrors.mfaRequired('this account has a second factor');
    }
    principals.set(request, principal);
    checkApiTokenRoute(principal, request.method, request.routeOptions.url ?? '');
    authorizeRoute(principal, routeAccessOf(request));
  });
}

function routeAccessOf(request: FastifyRequest): RouteAccess {
  const access = ROUTE_ACCESS[routeAccessKey(request.method, request.routeOptions.url ?? '')];
  // Unreachable for registered routes (onRoute refuses them); an unknown path reads as members-only.
  return access ?? 'member';
}

/** Why: the access table is checked before any handler runs, so no route can forget it. */
function authorizeRoute(principal: Principal, access: RouteAccess): void {
  if (access === 'signed-in') return;
  if (!principal.member) throw notAMember();
  if (access !== 'member' && !roleCan(principal.member.role, access)) throw appErrors.forbidden();
}

const notAMember = identityErrors.membershipRequired;

/** Why: handlers read the caller without trusting anything the client sent. */
export function requirePrincipal(request: FastifyRequest): Principal {
  const principal = principals.get(request);
  if (!principal) throw sessionMissing();
  return principal;
}

export interface OrganizationPrincipal extends Principal {
  readonly orgId: string;
  readonly role: MemberRole;
  readonly member: MemberContext;
}

/** Why: tenant routes need the caller's own organization and units, never ones named by the client. */
export function requireOrganization(request: FastifyRequest): OrganizationPrincipal {
  const principal = requirePrincipal(request);
  const { member } = principal;
  if (!member) throw notAMember();
  return { ...principal, orgId: member.orgId, role: member.role, member };
}

/** Why: one preHandler per route enforces the shared permission matrix (`requirePermission('device.move')`). */
export function requirePermission(permission: Permission) {
  return async (request: FastifyRequest): Promise<void> => {
    const principal = requireOrganization(request);
    if (!roleCan(principal.role, permission)) throw appErrors.forbidden();
  };
}

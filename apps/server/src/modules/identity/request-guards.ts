import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IDENTITY_ERROR_IDS } from '@fleetdeck/shared/identity-messages';
import { roleCan, type MemberRole, type Permission } from '@fleetdeck/shared/permissions';
import { AppError, appErrors } from '../../errors/app-error.ts';
import { sessionMissing, type Principal } from './principal.ts';

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
  if (actual !== expected)
    throw new AppError(
      IDENTITY_ERROR_IDS.csrf,
      403,
      'This request did not come from a Fleetdeck page (its Origin header is missing or foreign). Reload Fleetdeck and try again.',
    );
}

/**
 * Why: every route registered in `scope` (and its children) authenticates by session cookie or
 * bearer JWT, checks the origin of cookie writes, and refuses sessions owing a second factor.
 */
export function enforceAuthentication(scope: FastifyInstance, options: AuthenticationOptions): void {
  const pendingAllowed = new Set(options.allowPendingSecondFactor ?? []);
  scope.addHook('onRequest', async (request, reply) => {
    const principal = await options.authenticate(request, reply);
    if (!principal) throw sessionMissing();
    if (principal.via === 'cookie' && !SAFE_METHODS.has(request.method))
      checkSameOrigin(request, options.publicUrl);
    if (principal.secondFactorPending && !pendingAllowed.has(request.routeOptions.url ?? '')) {
      throw new AppError(
        IDENTITY_ERROR_IDS.mfaRequired,
        403,
        'Enter the code from your authenticator app to continue: this account has a second factor.',
      );
    }
    principals.set(request, principal);
  });
}

/** Why: handlers read the caller without trusting anything the client sent. */
export function requirePrincipal(request: FastifyRequest): Principal {
  const principal = principals.get(request);
  if (!principal) throw sessionMissing();
  return principal;
}

export interface OrganizationPrincipal extends Principal {
  readonly orgId: string;
  readonly role: MemberRole;
}

/** Why: tenant routes need the caller's own organization, never one named by the client. */
export function requireOrganization(request: FastifyRequest): OrganizationPrincipal {
  const principal = requirePrincipal(request);
  if (principal.orgId === undefined || principal.role === undefined) {
    throw new AppError(
      'onboarding_required',
      403,
      'You are not a member of an organization yet. Connect your Google Workspace in onboarding, or accept an invitation.',
    );
  }
  return { ...principal, orgId: principal.orgId, role: principal.role };
}

/** Why: one preHandler per route enforces the shared permission matrix (`requirePermission('device.move')`). */
export function requirePermission(permission: Permission) {
  return async (request: FastifyRequest): Promise<void> => {
    const principal = requireOrganization(request);
    if (!roleCan(principal.role, permission)) throw appErrors.forbidden();
  };
}

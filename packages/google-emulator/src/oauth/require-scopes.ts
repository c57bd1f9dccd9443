import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { adminMayCall } from './demo-admins.ts';
import type { OAuthService, VerifiedAccessToken } from './oauth-service.ts';
import { fullScope, serviceForScope } from './scopes.ts';
import {
  sendInsufficientScopes,
  sendInvalidCredentials,
  sendMissingCredentials,
  sendNotAuthorized,
} from './api-auth-errors.ts';

export interface RequireScopesOptions {
  /** Google's RPC method name for `ErrorInfo.metadata.method`, e.g. `ccc.hosted.frontend.directory.v1.DirectoryChromeosdevices.List`. */
  method?: string;
}

const callers = new WeakMap<FastifyRequest, VerifiedAccessToken>();

/** The verified caller of a request that passed `requireScopes`, for customer checks in handlers. */
export function callerOf(request: FastifyRequest): VerifiedAccessToken | undefined {
  return callers.get(request);
}

/** Maps a `{customerId}` path value (`my_customer`, `C0xxxx`, `0xxxx`, `customers/…`) to a bare-`C` id. */
export function resolveCustomerId(value: string, caller: VerifiedAccessToken): string {
  const id = value.startsWith('customers/') ? value.slice('customers/'.length) : value;
  if (id === 'my_customer') return caller.admin.customerId;
  // GAM adds a missing leading `C` for Chrome Management and Chrome Policy; accept both forms.
  return id.startsWith('C') ? id : `C${id}`;
}

/**
 * Replies 403 unless both the path's customer and the caller's own customer are `customerId` (tenant
 * isolation); true when the request may go on.
 */
export function ensureCustomer(
  request: FastifyRequest,
  reply: FastifyReply,
  pathValue: string,
  customerId: string,
): boolean {
  const caller = callerOf(request);
  if (
    caller !== undefined &&
    caller.admin.customerId === customerId &&
    resolveCustomerId(pathValue, caller) === customerId
  )
    return true;
  void sendNotAuthorized(reply);
  return false;
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header === 'string') {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    return match?.[1] ?? '';
  }
  // Google's standard `access_token` query parameter works on every API as well.
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.['access_token'];
  return typeof fromQuery === 'string' ? fromQuery : undefined;
}

/**
 * Guards a Google API route the way Google's front end does: 401 without a live token, 403 when the
 * token has none of `scopes` (pass the readonly and the full scope for reads), 403 when the account is
 * not an admin allowed to make the call. A route is a write when none of its scopes is `.readonly`.
 */
export function requireScopes(
  oauth: OAuthService,
  scopes: readonly string[],
  options: RequireScopesOptions = {},
): preHandlerAsyncHookHandler {
  const accepted = scopes.map(fullScope);
  const write = !accepted.some((scope) => scope.endsWith('.readonly'));
  const service = serviceForScope(accepted[0] ?? '');
  return async function checkScopes(request, reply) {
    const token = bearerToken(request);
    if (token === undefined) return sendMissingCredentials(reply, oauth.issuer(), service);
    const caller = oauth.verifyAccessToken(token);
    if (caller === undefined) return sendInvalidCredentials(reply, oauth.issuer());
    const granted = accepted.filter((scope) => caller.scopes.includes(scope));
    if (granted.length === 0) {
      return sendInsufficientScopes(reply, oauth.issuer(), { scopes: accepted, service, ...options });
    }
    if (!adminMayCall(caller.admin, granted, write)) return sendNotAuthorized(reply);
    callers.set(request, caller);
    return undefined;
  };
}

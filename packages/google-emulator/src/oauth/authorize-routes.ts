import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isApiScope, parseAuthorizationRequest, type AuthorizationRequest } from './authorization-request.ts';
import { consentPageCsp, renderConsentPage, renderErrorPage } from './consent-page.ts';
import type { EmulatorAdmin } from './demo-admins.ts';
import type { OAuthService } from './oauth-service.ts';

const PENDING_TTL_MS = 30 * 60_000;
const PENDING_LIMIT = 1000;

interface Pending {
  request: AuthorizationRequest;
  expiresAt: number;
}

function sendHtml(reply: FastifyReply, status: number, html: string, redirectUri?: string): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', consentPageCsp(redirectUri))
    .header('cache-control', 'no-store')
    .header('x-frame-options', 'DENY')
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    .send(html);
}

function redirectWith(
  reply: FastifyReply,
  request: AuthorizationRequest,
  params: Record<string, string>,
): FastifyReply {
  const url = new URL(request.redirectUri);
  if (request.state !== undefined) url.searchParams.set('state', request.state);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return reply.code(302).header('cache-control', 'no-store').redirect(url.toString());
}

function visibleAdmins(oauth: OAuthService, request: AuthorizationRequest): readonly EmulatorAdmin[] {
  // `hd` narrows the chooser to one domain, as Google's account chooser does.
  const domain = request.hostedDomain?.toLowerCase();
  return domain === undefined
    ? oauth.admins()
    : oauth.admins().filter((admin) => admin.hostedDomain.toLowerCase() === domain);
}

function issueAndRedirect(
  oauth: OAuthService,
  reply: FastifyReply,
  request: AuthorizationRequest,
  admin: EmulatorAdmin,
  scopes: readonly string[],
): FastifyReply {
  const code = oauth.issueCode({
    email: admin.email,
    clientId: request.clientId,
    redirectUri: request.redirectUri,
    scopes,
    ...(request.nonce === undefined ? {} : { nonce: request.nonce }),
    ...(request.codeChallenge === undefined
      ? {}
      : { codeChallenge: request.codeChallenge, codeChallengeMethod: request.codeChallengeMethod }),
    offline: request.accessType === 'offline',
    forceConsent: request.prompt.includes('consent'),
    includeGrantedScopes: request.includeGrantedScopes,
  });
  const granted = request.includeGrantedScopes
    ? [...new Set([...oauth.grantedScopes(admin.email, request.clientId), ...scopes])]
    : scopes;
  return redirectWith(reply, request, {
    code,
    scope: granted.join(' '),
    authuser: '0',
    hd: admin.hostedDomain,
    prompt: 'consent',
  });
}

/** `prompt=none`: there is no browser session here, so only a hinted account with a covering grant passes. */
function silentAuthorization(
  oauth: OAuthService,
  reply: FastifyReply,
  request: AuthorizationRequest,
): FastifyReply {
  const admin = request.loginHint === undefined ? undefined : oauth.findAdmin(request.loginHint);
  if (admin === undefined) return redirectWith(reply, request, { error: 'login_required' });
  const granted = oauth.grantedScopes(admin.email, request.clientId);
  if (!request.scopes.every((scope) => granted.includes(scope)))
    return redirectWith(reply, request, { error: 'consent_required' });
  return issueAndRedirect(oauth, reply, request, admin, request.scopes);
}

function bodyValues(body: unknown, key: string): string[] {
  const value =
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[key] : undefined;
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** The authorization endpoint: GET renders the chooser, POST records the choice and redirects. */
export function registerAuthorizeRoutes(app: FastifyInstance, oauth: OAuthService, now: () => number): void {
  const pending = new Map<string, Pending>();

  app.get('/o/oauth2/v2/auth', async (request, reply) => {
    const parsed = parseAuthorizationRequest(request.query);
    if (!parsed.ok)
      return sendHtml(reply, 400, renderErrorPage(400, parsed.problem.error, parsed.problem.description));
    const authorization = parsed.request;
    const clientProblem = oauth.checkAuthorizationClient(authorization.clientId, authorization.redirectUri);
    if (clientProblem !== undefined) {
      const { error, error_description: description } = clientProblem.body;
      return sendHtml(reply, clientProblem.status, renderErrorPage(clientProblem.status, error, description));
    }
    if (authorization.prompt.includes('none')) return silentAuthorization(oauth, reply, authorization);
    for (const [id, entry] of pending)
      if (entry.expiresAt <= now() || pending.size >= PENDING_LIMIT) pending.delete(id);
    const requestId = randomBytes(24).toString('base64url');
    pending.set(requestId, { request: authorization, expiresAt: now() + PENDING_TTL_MS });
    const html = renderConsentPage({
      requestId,
      request: authorization,
      admins: visibleAdmins(oauth, authorization),
    });
    return sendHtml(reply, 200, html, authorization.redirectUri);
  });

  app.post('/o/oauth2/v2/auth', async (request, reply) => {
    const requestId = bodyValues(request.body, 'request_id')[0] ?? '';
    const entry = pending.get(requestId);
    pending.delete(requestId);
    if (entry === undefined || entry.expiresAt <= now()) {
      return sendHtml(
        reply,
        400,
        renderErrorPage(
          400,
          'invalid_request',
          'This sign-in request has expired or was already used. Start again.',
        ),
      );
    }
    const authorization = entry.request;
    if (bodyValues(request.body, 'action')[0] === 'deny')
      return redirectWith(reply, authorization, { error: 'access_denied' });
    const email = bodyValues(request.body, 'account')[0] ?? '';
    const admin = visibleAdmins(oauth, authorization).find((candidate) => candidate.email === email);
    if (admin === undefined)
      return sendHtml(
        reply,
        400,
        renderErrorPage(400, 'invalid_request', 'Choose one of the listed accounts.'),
      );
    const ticked = new Set(bodyValues(request.body, 'scope'));
    // Identity scopes cannot be unticked; API scopes are granted only if still ticked.
    const scopes = authorization.scopes.filter((scope) => !isApiScope(scope) || ticked.has(scope));
    return issueAndRedirect(oauth, reply, authorization, admin, scopes);
  });
}

import { z } from 'zod';
import { IDENTITY_SCOPES } from './scopes.ts';

/** A validated `/o/oauth2/v2/auth` request. */
export interface AuthorizationRequest {
  clientId: string;
  redirectUri: string;
  scopes: string[];
  state?: string;
  nonce?: string;
  codeChallenge?: string;
  codeChallengeMethod?: 'S256' | 'plain';
  accessType: 'online' | 'offline';
  prompt: string[];
  includeGrantedScopes: boolean;
  loginHint?: string;
  hostedDomain?: string;
}

export interface AuthorizationProblem {
  error: string;
  description: string;
}

const text = (max: number) => z.string().max(max).optional();

const querySchema = z.object({
  client_id: text(512),
  redirect_uri: text(2048),
  response_type: text(64),
  scope: text(4096),
  state: text(4096),
  nonce: text(512),
  code_challenge: text(256),
  code_challenge_method: text(16),
  access_type: text(16),
  prompt: text(64),
  include_granted_scopes: text(8),
  login_hint: text(320),
  hd: text(255),
});

const CHALLENGE_PATTERN = /^[A-Za-z0-9\-._~]{43,128}$/;
const PROMPTS = new Set(['none', 'consent', 'select_account']);
const API_SCOPE_PREFIX = 'https://www.googleapis.com/auth/';

function problem(error: string, description: string): { ok: false; problem: AuthorizationProblem } {
  return { ok: false, problem: { error, description } };
}

function redirectUriProblem(value: string): string | undefined {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'redirect_uri must use http or https.';
    if (url.hash !== '') return 'redirect_uri must not contain a fragment.';
    return undefined;
  } catch {
    return `Invalid parameter value for redirect_uri: ${value}`;
  }
}

function scopeList(raw: string): { valid: string[]; invalid: string[] } {
  const scopes = [
    ...new Set(
      raw
        .trim()
        .split(/\s+/)
        .filter((scope) => scope !== ''),
    ),
  ];
  const known = (scope: string) =>
    IDENTITY_SCOPES.includes(scope) ||
    /^https:\/\/www\.googleapis\.com\/auth\/[a-z][a-z0-9._-]*$/.test(scope);
  return { valid: scopes.filter(known), invalid: scopes.filter((scope) => !known(scope)) };
}

type Parsed = z.infer<typeof querySchema>;

function pkce(
  query: Parsed,
):
  { ok: true; challenge?: string; method?: 'S256' | 'plain' } | { ok: false; problem: AuthorizationProblem } {
  if (query.code_challenge === undefined) {
    return query.code_challenge_method === undefined
      ? { ok: true }
      : problem('invalid_request', 'Missing required parameter: code_challenge');
  }
  if (!CHALLENGE_PATTERN.test(query.code_challenge))
    return problem('invalid_request', 'Invalid code_challenge.');
  // RFC 7636: no method means `plain`. Google's discovery lists both plain and S256, so both are accepted.
  const method = query.code_challenge_method ?? 'plain';
  if (method !== 'S256' && method !== 'plain')
    return problem('invalid_request', `Invalid code_challenge_method: ${method}`);
  return { ok: true, challenge: query.code_challenge, method };
}

/**
 * Validates an authorization request. Google shows an error page (never a redirect) for a malformed
 * request, so every problem here is rendered, not sent to redirect_uri (UNVERIFIED per error code).
 */
export function parseAuthorizationRequest(
  raw: unknown,
): { ok: true; request: AuthorizationRequest } | { ok: false; problem: AuthorizationProblem } {
  const parsed = querySchema.safeParse(raw);
  if (!parsed.success) return problem('invalid_request', 'A parameter is too long or repeated.');
  const query = parsed.data;
  if (query.client_id === undefined || query.client_id === '')
    return problem('invalid_request', 'Missing required parameter: client_id');
  if (query.redirect_uri === undefined)
    return problem('invalid_request', 'Missing required parameter: redirect_uri');
  const uriProblem = redirectUriProblem(query.redirect_uri);
  if (uriProblem !== undefined) return problem('invalid_request', uriProblem);
  if (query.response_type === undefined)
    return problem('invalid_request', 'Missing required parameter: response_type');
  if (query.response_type !== 'code')
    return problem('unsupported_response_type', `Unsupported response_type: ${query.response_type}`);
  if (query.scope === undefined || query.scope.trim() === '')
    return problem('invalid_request', 'Missing required parameter: scope');
  const scopes = scopeList(query.scope);
  if (scopes.invalid.length > 0)
    return problem(
      'invalid_scope',
      `Some requested scopes were invalid. {invalid=[${scopes.invalid.join(', ')}]}`,
    );
  const accessType = query.access_type ?? 'online';
  if (accessType !== 'online' && accessType !== 'offline')
    return problem('invalid_request', `Invalid access_type: ${accessType}`);
  const prompt = (query.prompt ?? '').split(/\s+/).filter((value) => value !== '');
  if (prompt.some((value) => !PROMPTS.has(value)))
    return problem('invalid_request', `Invalid prompt: ${query.prompt ?? ''}`);
  if (prompt.includes('none') && prompt.length > 1)
    return problem('invalid_request', 'prompt=none cannot be combined with other values.');
  const challenge = pkce(query);
  if (!challenge.ok) return challenge;
  return {
    ok: true,
    request: {
      clientId: query.client_id,
      redirectUri: query.redirect_uri,
      scopes: scopes.valid,
      accessType,
      prompt,
      includeGrantedScopes: query.include_granted_scopes === 'true',
      ...(query.state === undefined ? {} : { state: query.state }),
      ...(query.nonce === undefined ? {} : { nonce: query.nonce }),
      ...(challenge.challenge === undefined
        ? {}
        : { codeChallenge: challenge.challenge, codeChallengeMethod: challenge.method }),
      ...(query.login_hint === undefined ? {} : { loginHint: query.login_hint }),
      ...(query.hd === undefined || query.hd === '*' ? {} : { hostedDomain: query.hd }),
    },
  };
}

/** Whether a scope is an API scope the user can untick on the consent page (identity scopes cannot). */
export function isApiScope(scope: string): boolean {
  return scope.startsWith(API_SCOPE_PREFIX);
}

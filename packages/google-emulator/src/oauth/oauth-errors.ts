/** Google's OAuth endpoints answer errors flat, not in the API `{error:{code,...}}` envelope. */
export interface OAuthErrorBody {
  error: string;
  error_description: string;
}

export interface OAuthFailure {
  status: number;
  body: OAuthErrorBody;
}

export interface TokenResponse {
  access_token: string;
  expires_in: number;
  token_type: 'Bearer';
  scope: string;
  refresh_token?: string;
  id_token?: string;
}

export type TokenResult = { ok: true; body: TokenResponse } | { ok: false; failure: OAuthFailure };

/** Builds a failure in Google's `{error, error_description}` shape. */
export function oauthFailure(status: number, error: string, description: string): OAuthFailure {
  return { status, body: { error, error_description: description } };
}

/** The text Google returns for a refresh token that was revoked or has expired. */
export const EXPIRED_OR_REVOKED = 'Token has been expired or revoked.';

export function invalidGrant(description: string): TokenResult {
  return { ok: false, failure: oauthFailure(400, 'invalid_grant', description) };
}

import type { FastifyRequest } from 'fastify';

/**
 * Why: links that carry a secret reach the server in their URL, and the request log writes every
 * URL it serves. A logged secret would let anyone who reads the logs reset a password, accept an
 * invitation or verify an address. Secrets come in two places:
 *
 * - the query (`?token=` of invitation, verification and reset links, `?code=` of the Google
 *   callback, …): every parameter whose name says secret is written `name=[redacted]`;
 * - the path: the password-reset link is `/api/identity/reset-password/<token>`. Under identity
 *   routes the segment after a secret-bearing step is redacted, and so is any other segment that
 *   looks like a token (16+ characters of a token alphabet with a digit or capital letter);
 *   identity's own path words are lowercase words. Product paths keep their ids, which the
 *   operator needs, and which are no secrets.
 *
 * Headers that carry secrets are redacted by the logger itself.
 */
const SECRET_PARAMS = new Set(['code', 'otp']);
/** Words a secret parameter's name contains (`token`, `resetToken`, `id_token`, `client_secret`). */
const SECRET_PARAM_WORDS = ['token', 'secret', 'password'];

/** Paths whose segments are checked for secrets: identity's and the public pages its links open. */
const IDENTITY_PATH_PREFIXES = ['/api/identity/', '/reset-password/', '/invitations/', '/verify-email/'];

/** Path steps whose next segment is a secret (`reset-password/<token>`). */
const SECRET_BEARING_STEPS = new Set(['reset-password', 'verify-email', 'verify', 'accept', 'magic-link']);

const TOKEN_LIKE = /^[A-Za-z0-9._~%+=-]{16,}$/;
const REDACTED = '[redacted]';

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    // Text that does not decode is judged as it came.
    return text;
  }
}

function isSecretParam(name: string): boolean {
  const key = decoded(name).toLowerCase();
  return SECRET_PARAMS.has(key) || SECRET_PARAM_WORDS.some((word) => key.includes(word));
}

function isTokenLike(segment: string): boolean {
  return TOKEN_LIKE.test(segment) && /[0-9A-Z]/.test(segment);
}

function redactedPath(path: string): string {
  const lower = path.toLowerCase();
  if (!IDENTITY_PATH_PREFIXES.some((prefix) => lower.startsWith(prefix))) return path;
  const segments = path.split('/');
  return segments
    .map((segment, index) => {
      if (segment === '') return segment;
      const previous = decoded(segments[index - 1] ?? '').toLowerCase();
      if (SECRET_BEARING_STEPS.has(previous)) return REDACTED;
      return isTokenLike(segment) ? REDACTED : segment;
    })
    .join('/');
}

function redactedQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const name = pair.split('=')[0] ?? '';
      return isSecretParam(name) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
}

/** The URL as the log may keep it: secrets in its path and its query replaced by `[redacted]`. */
export function redactedUrl(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return redactedPath(url);
  return `${redactedPath(url.slice(0, at))}?${redactedQuery(url.slice(at + 1))}`;
}

/** The fields Fastify logs of a request by default, with its URL's secrets redacted. */
export const REQUEST_LOG_SERIALIZERS = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactedUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket.remotePort,
    };
  },
};

/**
 * Opaque page tokens. A token carries the listing's cursor, the hash of the parameters it was
 * issued for and its issue time on the emulator clock, sealed with a MAC so a hand-edited token is
 * "invalid" rather than silently accepted. Tokens expire after `ttlMs` (an hour by default) or when
 * the control API expires them all, and then answer the error Google gives for a paging sequence
 * that took too long (reference §5.3).
 */
import { createHash } from 'node:crypto';
import { GoogleApiError } from './google-errors.ts';

export const DEFAULT_PAGE_TOKEN_TTL_MS = 3_600_000;

interface Sealed {
  /** issued at (emulator clock) */
  t: number;
  /** generation: bumped by expireAll */
  g: number;
  /** parameter hash */
  h: string;
  /** the cursor: a row or an offset, depending on the listing */
  p: number;
}

export class PageTokens {
  ttlMs: number;
  readonly #now: () => number;
  readonly #secret: string;
  #generation = 0;

  /** `secret` seals the tokens; deriving it from the fleet seed keeps responses reproducible. */
  constructor(now: () => number, secret: string, ttlMs = DEFAULT_PAGE_TOKEN_TTL_MS) {
    this.#now = now;
    this.#secret = secret;
    this.ttlMs = ttlMs;
  }

  /** `params` is any stable string describing the request; a token is only valid for the same one. */
  issue(params: string, cursor: number): string {
    const sealed: Sealed = { t: this.#now(), g: this.#generation, h: digest(params, 12), p: cursor };
    const body = Buffer.from(JSON.stringify(sealed)).toString('base64url');
    return `${body}.${digest(this.#secret + body, 16)}`;
  }

  /** The cursor in `token`, or Google's 400 when the token is malformed, foreign or expired. */
  read(token: string, params: string): number {
    const dot = token.lastIndexOf('.');
    const body = token.slice(0, dot);
    let sealed: Sealed | undefined;
    if (dot > 0 && digest(this.#secret + body, 16) === token.slice(dot + 1)) {
      try {
        sealed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Sealed;
      } catch {
        sealed = undefined;
      }
    }
    if (!sealed || sealed.h !== digest(params, 12) || !Number.isInteger(sealed.p) || sealed.p < 0) {
      throw new GoogleApiError({ httpStatus: 400, reason: 'invalid', message: 'Invalid Input: pageToken' });
    }
    if (sealed.g !== this.#generation || this.#now() - sealed.t > this.ttlMs) {
      throw new GoogleApiError({
        httpStatus: 400,
        reason: 'badRequest',
        message: 'Request contains an invalid argument.',
      });
    }
    return sealed.p;
  }

  /** Every token issued so far stops working. */
  expireAll(): void {
    this.#generation++;
  }
}

function digest(text: string, length: number): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, length);
}

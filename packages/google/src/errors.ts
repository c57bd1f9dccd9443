/**
 * Typed errors for every way a Google call can fail, so callers act on a class (back off, re-consent,
 * show a field error, re-list from the start) instead of parsing messages. `error-classification.ts`
 * turns Google's error envelopes into these.
 */

/** One entry of the Apiary-style `error.errors[]` list (Directory API). */
export interface GoogleErrorItem {
  message?: string | undefined;
  domain?: string | undefined;
  reason?: string | undefined;
  location?: string | undefined;
  locationType?: string | undefined;
}

/** A field Google (or a local check) named as wrong. */
export interface FieldViolation {
  field: string;
  description: string;
}

export interface GoogleApiErrorInit {
  status: number;
  message: string;
  reason?: string | undefined;
  domain?: string | undefined;
  /** The canonical gRPC status name, e.g. `PERMISSION_DENIED`, when Google sends it. */
  googleStatus?: string | undefined;
  errors?: GoogleErrorItem[] | undefined;
  details?: Record<string, unknown>[] | undefined;
  retryAfterMs?: number | undefined;
  method?: string | undefined;
  url?: string | undefined;
  cause?: unknown;
}

/** Base class: any failed Google call. `retryable` says whether the same request may succeed later. */
export class GoogleApiError extends Error {
  override name = 'GoogleApiError';
  readonly status: number;
  readonly reason: string | undefined;
  readonly domain: string | undefined;
  readonly googleStatus: string | undefined;
  readonly errors: readonly GoogleErrorItem[];
  readonly details: readonly Record<string, unknown>[];
  /** From a `Retry-After` header, when Google sent one. */
  readonly retryAfterMs: number | undefined;
  readonly method: string | undefined;
  readonly url: string | undefined;

  constructor(init: GoogleApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.reason = init.reason;
    this.domain = init.domain;
    this.googleStatus = init.googleStatus;
    this.errors = init.errors ?? [];
    this.details = init.details ?? [];
    this.retryAfterMs = init.retryAfterMs;
    this.method = init.method;
    this.url = init.url;
  }

  get retryable(): boolean {
    return false;
  }
}

/** Too many requests right now (429, or 403 `rateLimitExceeded`/`userRateLimitExceeded`): back off. */
export class GoogleRateLimitError extends GoogleApiError {
  override name = 'GoogleRateLimitError';
  override get retryable(): boolean {
    return true;
  }
}

/**
 * A quota is used up ("Quota exceeded…", `quotaExceeded`, `dailyLimitExceeded`). Per-minute quotas
 * recover with backoff; a daily quota does not, so `daily` ones are not retryable.
 */
export class GoogleQuotaError extends GoogleRateLimitError {
  override name = 'GoogleQuotaError';
  readonly daily: boolean;
  constructor(init: GoogleApiErrorInit & { daily: boolean }) {
    super(init);
    this.daily = init.daily;
  }
  override get retryable(): boolean {
    return !this.daily;
  }
}

/** The request was wrong (400): `field` names the culprit when Google (or a local check) says which. */
export class GoogleInvalidInputError extends GoogleApiError {
  override name = 'GoogleInvalidInputError';
  readonly field: string | undefined;
  readonly fieldViolations: readonly FieldViolation[];
  constructor(init: GoogleApiErrorInit & { fieldViolations?: FieldViolation[] | undefined }) {
    super(init);
    this.fieldViolations = init.fieldViolations ?? [];
    this.field = this.fieldViolations[0]?.field;
  }
}

/**
 * A page token stopped working mid-listing (Google answers 400 on a page request whose first page
 * worked; paging chains that run past about an hour fail this way). Re-list from the start.
 */
export class GooglePageTokenExpiredError extends GoogleInvalidInputError {
  override name = 'GooglePageTokenExpiredError';
}

/** The resource does not exist, or the caller cannot know that it does (404). */
export class GoogleNotFoundError extends GoogleApiError {
  override name = 'GoogleNotFoundError';
}

/**
 * The caller may not do this (403). `insufficientScopes` means the OAuth grant lacks a scope, which a
 * re-consent fixes; otherwise the admin lacks a privilege in the Admin console.
 */
export class GooglePermissionError extends GoogleApiError {
  override name = 'GooglePermissionError';
  readonly insufficientScopes: boolean;
  /** Scopes Google says the call needs (from `WWW-Authenticate`), when it says. */
  readonly requiredScopes: readonly string[];
  constructor(
    init: GoogleApiErrorInit & { insufficientScopes: boolean; requiredScopes?: string[] | undefined },
  ) {
    super(init);
    this.insufficientScopes = init.insufficientScopes;
    this.requiredScopes = init.requiredScopes ?? [];
  }
}

/**
 * Credentials were refused: an API 401 (bad or expired access token) or an OAuth token-endpoint
 * failure. `needsReconsent` is true when only the admin signing in again can fix it (`invalid_grant`).
 */
export class GoogleAuthError extends GoogleApiError {
  override name = 'GoogleAuthError';
  readonly needsReconsent: boolean;
  constructor(init: GoogleApiErrorInit & { needsReconsent: boolean }) {
    super(init);
    this.needsReconsent = init.needsReconsent;
  }
}

/** Google failed or was unavailable (408, 5xx). 408, 500, 502, 503 and 504 are worth retrying. */
export class GoogleUnavailableError extends GoogleApiError {
  override name = 'GoogleUnavailableError';
  override get retryable(): boolean {
    return RETRYABLE_STATUSES.has(this.status);
  }
}

/** No HTTP answer at all: DNS, connection reset, or the per-request timeout (`timedOut`). */
export class GoogleNetworkError extends GoogleApiError {
  override name = 'GoogleNetworkError';
  readonly timedOut: boolean;
  /** True when the request provably never reached Google (e.g. connection refused), so any write may be resent. */
  readonly notSent: boolean;
  constructor(init: GoogleApiErrorInit & { timedOut: boolean; notSent: boolean }) {
    super(init);
    this.timedOut = init.timedOut;
    this.notSent = init.notSent;
  }
  override get retryable(): boolean {
    return true;
  }
}

/** Google answered 2xx with a body that does not match the documented shape. */
export class GoogleUnexpectedResponseError extends GoogleApiError {
  override name = 'GoogleUnexpectedResponseError';
}

/** HTTP statuses that are retried with backoff (together with network errors and rate limits). */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 504]);

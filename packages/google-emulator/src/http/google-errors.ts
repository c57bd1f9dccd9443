/**
 * Google's error envelopes (reference §5.2). Directory is an older "Apiary" API: its errors carry
 * `errors[]` with a `reason`, and newer responses add `status`. Chrome Management and Chrome Policy
 * answer with a bare google.rpc.Status: `code`, `message`, `status`, `details`.
 */
import type { FastifyReply } from 'fastify';

export type ApiName = 'directory' | 'management' | 'policy';

export const SERVICE_HOSTS: Readonly<Record<ApiName, string>> = {
  directory: 'admin.googleapis.com',
  management: 'chromemanagement.googleapis.com',
  policy: 'chromepolicy.googleapis.com',
};

const RPC_STATUS: Readonly<Record<number, string>> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ALREADY_EXISTS',
  412: 'FAILED_PRECONDITION',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  501: 'NOT_IMPLEMENTED',
  502: 'UNAVAILABLE',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

/** google.rpc.Code numbers, used inside per-item `error` objects (batchChangeStatus). */
export const RPC_CODE = {
  INVALID_ARGUMENT: 3,
  NOT_FOUND: 5,
  PERMISSION_DENIED: 7,
  FAILED_PRECONDITION: 9,
} as const;

export interface GoogleErrorInit {
  httpStatus: number;
  message: string;
  /** Directory `errors[0].reason`, e.g. `invalidInput`, `notFound`. */
  reason: string;
  /** Overrides the rpc status derived from `httpStatus`. */
  rpcStatus?: string;
  domain?: string;
  location?: { locationType: string; location: string };
  details?: readonly Record<string, unknown>[];
  headers?: Record<string, string>;
}

/** Thrown by route handlers; the app's error handler renders it in the route's API style. */
export class GoogleApiError extends Error {
  readonly init: GoogleErrorInit;
  constructor(init: GoogleErrorInit) {
    super(init.message);
    this.init = init;
  }
}

export function errorBody(api: ApiName, init: GoogleErrorInit): { error: Record<string, unknown> } {
  const status = init.rpcStatus ?? RPC_STATUS[init.httpStatus] ?? 'UNKNOWN';
  const error: Record<string, unknown> = { code: init.httpStatus, message: init.message };
  if (api === 'directory') {
    error.errors = [
      {
        message: init.message,
        domain: init.domain ?? 'global',
        reason: init.reason,
        ...(init.location ?? {}),
      },
    ];
  }
  error.status = status;
  if (init.details?.length) error.details = init.details;
  return { error };
}

export function sendGoogleError(reply: FastifyReply, api: ApiName, init: GoogleErrorInit): FastifyReply {
  for (const [name, value] of Object.entries(init.headers ?? {})) reply.header(name, value);
  return reply
    .code(init.httpStatus)
    .type('application/json; charset=UTF-8')
    .send(JSON.stringify(errorBody(api, init), null, 2));
}

/** 400 with Directory's `invalidInput` reason (bad query, inconsistent OU, ...). */
export function invalidInput(message: string): GoogleApiError {
  return new GoogleApiError({
    httpStatus: 400,
    reason: 'invalidInput',
    message: `Invalid Input: ${message}`,
  });
}

export function invalidArgument(message: string, reason = 'invalid'): GoogleApiError {
  return new GoogleApiError({ httpStatus: 400, reason, message });
}

/** Directory's out-of-range parameter error, as seen for maxResults (reference §1.2). */
export function outOfRange(value: string, min: number, max: number): GoogleApiError {
  return new GoogleApiError({
    httpStatus: 400,
    reason: 'invalidParameter',
    message: `Invalid value '${value}'. Values must be within the range: [${min}, ${max}]`,
  });
}

export function badEnum(name: string, value: string, allowed: readonly string[]): GoogleApiError {
  return new GoogleApiError({
    httpStatus: 400,
    reason: 'invalidParameter',
    message: `Invalid value '${value}' for ${name}. Allowed values: [${allowed.join(', ')}]`,
  });
}

export function notFound(message = 'Resource Not Found: deviceId'): GoogleApiError {
  return new GoogleApiError({ httpStatus: 404, reason: 'notFound', message });
}

export function forbidden(message = 'Not Authorized to access this resource/api'): GoogleApiError {
  return new GoogleApiError({ httpStatus: 403, reason: 'forbidden', message });
}

/** What the quota or an injected 429 looks like (reference §5.2). */
export function rateLimited(api: ApiName, limit: number, retryAfterSeconds: number): GoogleErrorInit {
  const service = SERVICE_HOSTS[api];
  const message = `Quota exceeded for quota metric 'Queries' and limit 'Queries per minute per user' of service '${service}' for consumer 'project_number:1040000000001'.`;
  return {
    httpStatus: 429,
    reason: 'rateLimitExceeded',
    domain: 'usageLimits',
    message,
    details: [
      {
        '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
        reason: 'RATE_LIMIT_EXCEEDED',
        domain: 'googleapis.com',
        metadata: {
          service,
          quota_metric: `${service}/default`,
          quota_limit: 'defaultPerMinutePerUser',
          quota_limit_value: String(limit),
          consumer: 'projects/1040000000001',
        },
      },
    ],
    headers: { 'retry-after': String(retryAfterSeconds) },
  };
}

/** The envelope for an injected fault with a given HTTP status. */
export function injectedFault(api: ApiName, httpStatus: number, reason?: string): GoogleErrorInit {
  switch (httpStatus) {
    case 429:
      return { ...rateLimited(api, 0, 1), ...(reason ? { reason } : {}) };
    case 401:
      return {
        httpStatus,
        reason: reason ?? 'authError',
        message:
          'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
        location: { locationType: 'header', location: 'Authorization' },
        headers: { 'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"' },
      };
    case 403:
      return {
        httpStatus,
        reason: reason ?? 'userRateLimitExceeded',
        domain: 'usageLimits',
        message:
          reason === 'forbidden'
            ? 'Not Authorized to access this resource/api'
            : "Quota exceeded for quota group 'default' and limit 'Queries per user per 100 seconds'.",
      };
    case 500:
      return { httpStatus, reason: reason ?? 'backendError', message: 'Internal error encountered.' };
    case 502:
      return { httpStatus, reason: reason ?? 'backendError', message: 'Bad Gateway' };
    case 504:
      return { httpStatus, reason: reason ?? 'backendError', message: 'Deadline exceeded.' };
    default:
      return {
        httpStatus,
        reason: reason ?? 'backendError',
        message: 'The service is currently unavailable.',
      };
  }
}

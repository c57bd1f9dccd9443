import { z } from 'zod';
import {
  type FieldViolation,
  GoogleApiError,
  type GoogleApiErrorInit,
  GoogleAuthError,
  GoogleInvalidInputError,
  GoogleNotFoundError,
  GooglePermissionError,
  GoogleQuotaError,
  GoogleRateLimitError,
  GoogleUnavailableError,
} from './errors.ts';

/**
 * Google's error envelopes (reference §5.2): the Apiary shape (`error.errors[]`, Directory) and the
 * AIP-193 `google.rpc.Status` shape (`error.status`, `error.details[]`), often combined.
 */
const errorEnvelopeSchema = z.object({
  error: z.object({
    code: z.number().optional(),
    message: z.string().optional(),
    status: z.string().optional(),
    errors: z
      .array(
        z.object({
          message: z.string().optional(),
          domain: z.string().optional(),
          reason: z.string().optional(),
          location: z.string().optional(),
          locationType: z.string().optional(),
        }),
      )
      .optional(),
    details: z.array(z.record(z.string(), z.unknown())).optional(),
  }),
});

const RATE_LIMIT_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded', 'RATE_LIMIT_EXCEEDED']);
const QUOTA_REASONS = new Set(['quotaExceeded', 'dailyLimitExceeded']);
const SCOPE_REASONS = new Set(['insufficientPermissions', 'ACCESS_TOKEN_SCOPE_INSUFFICIENT']);

const ERROR_INFO_TYPE = 'type.googleapis.com/google.rpc.ErrorInfo';
const BAD_REQUEST_TYPE = 'type.googleapis.com/google.rpc.BadRequest';

export interface ErrorResponseContext {
  status: number;
  bodyText: string;
  /** `WWW-Authenticate`, which carries `insufficient_scope` and the needed scopes on 401/403. */
  wwwAuthenticate?: string | null | undefined;
  retryAfterMs?: number | undefined;
  method?: string | undefined;
  url?: string | undefined;
}

/** Turns a non-2xx Google API response into the typed error a caller can act on. */
export function classifyGoogleError(context: ErrorResponseContext): GoogleApiError {
  const init = readEnvelope(context);
  const errorInfo = findDetail(init.details, ERROR_INFO_TYPE);
  const infoReason = typeof errorInfo?.['reason'] === 'string' ? errorInfo['reason'] : undefined;
  const reasons = [init.reason, infoReason].filter((r): r is string => r !== undefined);
  const { status } = context;

  if ((status === 403 || status === 429) && isQuotaError(reasons, init.message, errorInfo)) {
    return new GoogleQuotaError({ ...init, daily: isDailyQuota(reasons, init.message, errorInfo) });
  }
  if (status === 429 || (status === 403 && reasons.some((r) => RATE_LIMIT_REASONS.has(r)))) {
    return new GoogleRateLimitError(init);
  }
  if (status === 401) return new GoogleAuthError({ ...init, needsReconsent: false });
  if (status === 403) return permissionError(init, reasons, context.wwwAuthenticate);
  if (status === 404) return new GoogleNotFoundError(init);
  if (status === 400)
    return new GoogleInvalidInputError({ ...init, fieldViolations: fieldViolationsOf(init) });
  if (status === 408 || status >= 500) return new GoogleUnavailableError(init);
  return new GoogleApiError(init);
}

function readEnvelope(context: ErrorResponseContext): GoogleApiErrorInit {
  const base = {
    status: context.status,
    retryAfterMs: context.retryAfterMs,
    method: context.method,
    url: context.url,
  };
  const parsed = errorEnvelopeSchema.safeParse(safeJson(context.bodyText));
  if (!parsed.success) {
    const text = context.bodyText.trim().slice(0, 300);
    return { ...base, message: text === '' ? `Google answered HTTP ${context.status}` : text };
  }
  const { error } = parsed.data;
  const first = error.errors?.[0];
  return {
    ...base,
    message: error.message ?? first?.message ?? `Google answered HTTP ${context.status}`,
    reason: first?.reason ?? reasonFromDetails(error.details),
    domain: first?.domain ?? domainFromDetails(error.details),
    googleStatus: error.status,
    errors: error.errors,
    details: error.details,
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function findDetail(details: readonly Record<string, unknown>[] | undefined, type: string) {
  return details?.find((detail) => detail['@type'] === type);
}

function reasonFromDetails(details: Record<string, unknown>[] | undefined): string | undefined {
  const reason = findDetail(details, ERROR_INFO_TYPE)?.['reason'];
  return typeof reason === 'string' ? reason : undefined;
}

function domainFromDetails(details: Record<string, unknown>[] | undefined): string | undefined {
  const domain = findDetail(details, ERROR_INFO_TYPE)?.['domain'];
  return typeof domain === 'string' ? domain : undefined;
}

function metadataOf(errorInfo: Record<string, unknown> | undefined): Record<string, unknown> {
  const metadata = errorInfo?.['metadata'];
  return typeof metadata === 'object' && metadata !== null ? (metadata as Record<string, unknown>) : {};
}

function isQuotaError(
  reasons: string[],
  message: string,
  errorInfo: Record<string, unknown> | undefined,
): boolean {
  return (
    reasons.some((r) => QUOTA_REASONS.has(r)) ||
    /quota exceeded/i.test(message) ||
    typeof metadataOf(errorInfo)['quota_metric'] === 'string'
  );
}

function isDailyQuota(
  reasons: string[],
  message: string,
  errorInfo: Record<string, unknown> | undefined,
): boolean {
  const limit = metadataOf(errorInfo)['quota_limit'];
  return (
    reasons.includes('dailyLimitExceeded') ||
    /per ?day/i.test(message) ||
    (typeof limit === 'string' && /per ?day/i.test(limit))
  );
}

function permissionError(
  init: GoogleApiErrorInit,
  reasons: string[],
  wwwAuthenticate: string | null | undefined,
): GooglePermissionError {
  const header = wwwAuthenticate ?? '';
  const insufficientScopes =
    reasons.some((r) => SCOPE_REASONS.has(r)) ||
    /insufficient_scope/.test(header) ||
    /insufficient authentication scopes/i.test(init.message);
  const scopeMatch = /scope="([^"]*)"/.exec(header);
  const requiredScopes = scopeMatch?.[1]?.split(/\s+/).filter((s) => s !== '') ?? [];
  return new GooglePermissionError({ ...init, insufficientScopes, requiredScopes });
}

/** Field names from Apiary `location`, `google.rpc.BadRequest` and Chrome Policy modification errors. */
function fieldViolationsOf(init: GoogleApiErrorInit): FieldViolation[] {
  const violations: FieldViolation[] = [];
  for (const item of init.errors ?? []) {
    if (item.location && item.locationType !== 'header') {
      violations.push({ field: item.location, description: item.message ?? init.message });
    }
  }
  for (const detail of init.details ?? []) {
    if (detail['@type'] === BAD_REQUEST_TYPE) violations.push(...badRequestViolations(detail));
    violations.push(...policyFieldErrors(detail));
  }
  return violations;
}

function badRequestViolations(detail: Record<string, unknown>): FieldViolation[] {
  const list = z
    .array(z.object({ field: z.string().optional(), description: z.string().optional() }))
    .safeParse(detail['fieldViolations']);
  if (!list.success) return [];
  return list.data.map((v) => ({ field: v.field ?? '', description: v.description ?? '' }));
}

const policyErrorsSchema = z.array(
  z.object({
    policySchema: z.string().optional(),
    fieldErrors: z.array(z.object({ field: z.string().optional(), error: z.string().optional() })).optional(),
    errors: z.array(z.string()).optional(),
  }),
);

function policyFieldErrors(detail: Record<string, unknown>): FieldViolation[] {
  const parsed = policyErrorsSchema.safeParse(detail['modificationErrors']);
  if (!parsed.success) return [];
  return parsed.data.flatMap((entry) => [
    ...(entry.fieldErrors ?? []).map((fe) => ({
      field: entry.policySchema && fe.field ? `${entry.policySchema}.${fe.field}` : (fe.field ?? ''),
      description: fe.error ?? '',
    })),
    ...(entry.errors ?? []).map((message) => ({ field: entry.policySchema ?? '', description: message })),
  ]);
}

const oauthErrorSchema = z.object({
  error: z.string(),
  error_description: z.string().optional(),
  error_subtype: z.string().optional(),
});

/**
 * Turns a token-endpoint failure into an error: `invalid_grant` (revoked, expired or unknown refresh
 * token) needs the admin to consent again; `invalid_client` is a configuration problem.
 */
export function classifyOAuthError(context: ErrorResponseContext): GoogleApiError {
  const parsed = oauthErrorSchema.safeParse(safeJson(context.bodyText));
  if (!parsed.success) return classifyGoogleError(context);
  const { error, error_description: description, error_subtype: subtype } = parsed.data;
  const init = {
    status: context.status,
    message: description ?? error,
    reason: error,
    domain: subtype,
    method: context.method,
    url: context.url,
    retryAfterMs: context.retryAfterMs,
  };
  if (context.status >= 500) return new GoogleUnavailableError(init);
  return new GoogleAuthError({ ...init, needsReconsent: error === 'invalid_grant' });
}

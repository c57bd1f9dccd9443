import { describe, expect, it } from 'vitest';
import { classifyGoogleError, classifyOAuthError } from './error-classification.ts';
import {
  GoogleApiError,
  GoogleAuthError,
  GoogleInvalidInputError,
  GoogleNotFoundError,
  GooglePermissionError,
  GoogleQuotaError,
  GoogleRateLimitError,
  GoogleUnavailableError,
} from './errors.ts';

/** Asserts the class and narrows to it, so assertions can read subclass fields without a cast. */
function expectInstance<T>(value: unknown, type: abstract new (...args: never[]) => T): T {
  expect(value).toBeInstanceOf(type);
  if (!(value instanceof type)) throw new Error('unreachable: toBeInstanceOf already failed');
  return value;
}

function apiary(status: number, reason: string, message: string, extra: Record<string, unknown> = {}) {
  return JSON.stringify({
    error: { code: status, message, errors: [{ message, domain: 'global', reason, ...extra }] },
  });
}

describe('classifyGoogleError', () => {
  it('maps 429 to a retryable rate-limit error', () => {
    const error = classifyGoogleError({
      status: 429,
      bodyText: apiary(429, 'rateLimitExceeded', 'Rate Limit Exceeded'),
    });
    expect(error).toBeInstanceOf(GoogleRateLimitError);
    expect(error).not.toBeInstanceOf(GoogleQuotaError);
    expect(error.retryable).toBe(true);
    expect(error.reason).toBe('rateLimitExceeded');
    expect(error.domain).toBe('global');
  });

  it('maps 403 userRateLimitExceeded to a rate-limit error, not a permission error', () => {
    const error = classifyGoogleError({
      status: 403,
      bodyText: apiary(403, 'userRateLimitExceeded', 'User Rate Limit Exceeded'),
    });
    expect(error).toBeInstanceOf(GoogleRateLimitError);
    expect(error.retryable).toBe(true);
  });

  it('maps the RESOURCE_EXHAUSTED quota envelope to a retryable quota error', () => {
    const body = JSON.stringify({
      error: {
        code: 429,
        message:
          "Quota exceeded for quota metric 'Queries' and limit 'Queries per minute' of service 'chromemanagement.googleapis.com' for consumer 'project_number:1'.",
        status: 'RESOURCE_EXHAUSTED',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
            reason: 'RATE_LIMIT_EXCEEDED',
            domain: 'googleapis.com',
            metadata: {
              quota_metric: 'chromemanagement.googleapis.com/default',
              quota_limit: 'defaultPerMinutePerProject',
            },
          },
        ],
      },
    });
    const error = classifyGoogleError({ status: 429, bodyText: body });
    expect(error).toBeInstanceOf(GoogleQuotaError);
    expect(error).toBeInstanceOf(GoogleRateLimitError);
    expect(expectInstance(error, GoogleQuotaError).daily).toBe(false);
    expect(error.retryable).toBe(true);
    expect(error.reason).toBe('RATE_LIMIT_EXCEEDED');
    expect(error.googleStatus).toBe('RESOURCE_EXHAUSTED');
  });

  it('treats a per-user quota arriving as 403 PERMISSION_DENIED as a quota error', () => {
    const body = JSON.stringify({
      error: { code: 403, message: 'Quota exceeded for quota metric x', status: 'PERMISSION_DENIED' },
    });
    expect(classifyGoogleError({ status: 403, bodyText: body })).toBeInstanceOf(GoogleQuotaError);
  });

  it('does not retry a daily quota', () => {
    const error = classifyGoogleError({
      status: 403,
      bodyText: apiary(403, 'dailyLimitExceeded', 'Daily Limit Exceeded'),
    });
    expect(error).toBeInstanceOf(GoogleQuotaError);
    expect(expectInstance(error, GoogleQuotaError).daily).toBe(true);
    expect(error.retryable).toBe(false);
  });

  it('maps 400 invalidParameter to invalid input with the field', () => {
    const body = apiary(
      400,
      'invalidParameter',
      "Invalid value '500'. Values must be within the range: [1, 300]",
      {
        location: 'maxResults',
        locationType: 'parameter',
      },
    );
    const error = classifyGoogleError({ status: 400, bodyText: body });
    expect(error).toBeInstanceOf(GoogleInvalidInputError);
    expect(expectInstance(error, GoogleInvalidInputError).field).toBe('maxResults');
    expect(error.reason).toBe('invalidParameter');
    expect(error.retryable).toBe(false);
  });

  it('reads google.rpc.BadRequest field violations', () => {
    const body = JSON.stringify({
      error: {
        code: 400,
        message: 'Request contains an invalid argument.',
        status: 'INVALID_ARGUMENT',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.BadRequest',
            fieldViolations: [{ field: 'page_size', description: 'must be at most 1000' }],
          },
        ],
      },
    });
    const error = expectInstance(
      classifyGoogleError({ status: 400, bodyText: body }),
      GoogleInvalidInputError,
    );
    expect(error.field).toBe('page_size');
    expect(error.fieldViolations).toEqual([{ field: 'page_size', description: 'must be at most 1000' }]);
  });

  it('reads Chrome Policy modification errors as field violations', () => {
    const body = JSON.stringify({
      error: {
        code: 400,
        message: 'Policy modification failed.',
        status: 'INVALID_ARGUMENT',
        details: [
          {
            '@type': 'type.googleapis.com/google.chrome.policy.v1.PolicyModificationErrorDetails',
            modificationErrors: [
              {
                policySchema: 'chrome.users.IncognitoMode',
                fieldErrors: [{ field: 'incognitoModeAvailability', error: 'Unknown enum value' }],
              },
            ],
          },
        ],
      },
    });
    const error = expectInstance(
      classifyGoogleError({ status: 400, bodyText: body }),
      GoogleInvalidInputError,
    );
    expect(error.field).toBe('chrome.users.IncognitoMode.incognitoModeAvailability');
    expect(error.fieldViolations[0]?.description).toBe('Unknown enum value');
  });

  it('maps 404 to not found', () => {
    const error = classifyGoogleError({
      status: 404,
      bodyText: apiary(404, 'notFound', 'Resource Not Found: deviceId'),
    });
    expect(error).toBeInstanceOf(GoogleNotFoundError);
    expect(error.message).toBe('Resource Not Found: deviceId');
  });

  it('maps a plain 403 to a permission error without a scope problem', () => {
    const error = classifyGoogleError({
      status: 403,
      bodyText: apiary(403, 'forbidden', 'Not Authorized to access this resource/api'),
    });
    expect(error).toBeInstanceOf(GooglePermissionError);
    expect(expectInstance(error, GooglePermissionError).insufficientScopes).toBe(false);
    expect(error.retryable).toBe(false);
  });

  it('recognises insufficient scopes and reads the needed scopes from WWW-Authenticate', () => {
    const body = JSON.stringify({
      error: {
        code: 403,
        message: 'Request had insufficient authentication scopes.',
        errors: [{ message: 'Insufficient Permission', domain: 'global', reason: 'insufficientPermissions' }],
        status: 'PERMISSION_DENIED',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
            reason: 'ACCESS_TOKEN_SCOPE_INSUFFICIENT',
            domain: 'googleapis.com',
          },
        ],
      },
    });
    const error = expectInstance(
      classifyGoogleError({
        status: 403,
        bodyText: body,
        wwwAuthenticate:
          'Bearer realm="https://accounts.google.com/", error="insufficient_scope", scope="https://www.googleapis.com/auth/admin.directory.device.chromeos https://www.googleapis.com/auth/admin.directory.orgunit"',
      }),
      GooglePermissionError,
    );
    expect(error).toBeInstanceOf(GooglePermissionError);
    expect(error.insufficientScopes).toBe(true);
    expect(error.requiredScopes).toEqual([
      'https://www.googleapis.com/auth/admin.directory.device.chromeos',
      'https://www.googleapis.com/auth/admin.directory.orgunit',
    ]);
  });

  it('maps 401 to an auth error that a token refresh may fix', () => {
    const error = classifyGoogleError({
      status: 401,
      bodyText: apiary(401, 'authError', 'Invalid Credentials', {
        location: 'Authorization',
        locationType: 'header',
      }),
    });
    expect(error).toBeInstanceOf(GoogleAuthError);
    expect(expectInstance(error, GoogleAuthError).needsReconsent).toBe(false);
  });

  it.each([408, 500, 502, 503, 504])('maps %i to a retryable unavailable error', (status) => {
    const error = classifyGoogleError({ status, bodyText: apiary(status, 'backendError', 'Backend Error') });
    expect(error).toBeInstanceOf(GoogleUnavailableError);
    expect(error.retryable).toBe(true);
  });

  it('does not retry 501', () => {
    expect(classifyGoogleError({ status: 501, bodyText: '' }).retryable).toBe(false);
  });

  it('survives a body that is not JSON', () => {
    const error = classifyGoogleError({ status: 502, bodyText: '<html>Bad Gateway</html>' });
    expect(error).toBeInstanceOf(GoogleUnavailableError);
    expect(error.message).toBe('<html>Bad Gateway</html>');
    expect(classifyGoogleError({ status: 409, bodyText: '' }).message).toBe('Google answered HTTP 409');
    expect(classifyGoogleError({ status: 409, bodyText: '' })).toBeInstanceOf(GoogleApiError);
  });

  it('carries Retry-After, method and URL', () => {
    const error = classifyGoogleError({
      status: 503,
      bodyText: '',
      retryAfterMs: 2000,
      method: 'GET',
      url: 'https://x.test/a',
    });
    expect(error).toMatchObject({ retryAfterMs: 2000, method: 'GET', url: 'https://x.test/a', status: 503 });
  });
});

describe('classifyOAuthError', () => {
  it('maps invalid_grant to an auth error that needs re-consent', () => {
    const error = classifyOAuthError({
      status: 400,
      bodyText: JSON.stringify({
        error: 'invalid_grant',
        error_description: 'Token has been expired or revoked.',
      }),
    });
    expect(error).toBeInstanceOf(GoogleAuthError);
    expect(expectInstance(error, GoogleAuthError).needsReconsent).toBe(true);
    expect(error.message).toBe('Token has been expired or revoked.');
    expect(error.reason).toBe('invalid_grant');
  });

  it('maps invalid_client to an auth error that consent cannot fix', () => {
    const error = classifyOAuthError({ status: 401, bodyText: JSON.stringify({ error: 'invalid_client' }) });
    expect(error).toBeInstanceOf(GoogleAuthError);
    expect(expectInstance(error, GoogleAuthError).needsReconsent).toBe(false);
  });

  it('keeps a token-endpoint outage retryable', () => {
    expect(classifyOAuthError({ status: 503, bodyText: 'unavailable' }).retryable).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { GoogleNetworkError, GoogleRateLimitError, GoogleUnavailableError } from '../errors.ts';
import {
  backoffDelayMs,
  DEFAULT_RETRY_OPTIONS,
  isRetryableFailure,
  parseRetryAfterMs,
  retryDelayMs,
} from './retry-policy.ts';

describe('backoff', () => {
  it('draws uniformly below a ceiling that doubles and is capped (full jitter)', () => {
    const options = { ...DEFAULT_RETRY_OPTIONS, baseDelayMs: 1000, maxDelayMs: 5000 };
    expect(backoffDelayMs(0, options, () => 0.999)).toBe(999);
    expect(backoffDelayMs(1, options, () => 0.999)).toBe(1998);
    expect(backoffDelayMs(2, options, () => 0.5)).toBe(2000);
    expect(backoffDelayMs(10, options, () => 0.999)).toBe(4995);
    expect(backoffDelayMs(3, options, () => 0)).toBe(0);
  });

  it('gives up once the attempts are used up', () => {
    const options = { ...DEFAULT_RETRY_OPTIONS, maxAttempts: 3 };
    const error = new GoogleUnavailableError({ status: 503, message: 'x' });
    expect(retryDelayMs(error, 0, options, () => 0.5)).toBe(500);
    expect(retryDelayMs(error, 1, options, () => 0.5)).toBe(1000);
    expect(retryDelayMs(error, 2, options, () => 0.5)).toBeUndefined();
  });

  it('waits exactly Retry-After, and gives up when it is longer than allowed', () => {
    const honoured = new GoogleRateLimitError({ status: 429, message: 'x', retryAfterMs: 7000 });
    expect(retryDelayMs(honoured, 0, DEFAULT_RETRY_OPTIONS, () => 0.5)).toBe(7000);
    const tooLong = new GoogleRateLimitError({ status: 429, message: 'x', retryAfterMs: 3_600_000 });
    expect(retryDelayMs(tooLong, 0, DEFAULT_RETRY_OPTIONS, () => 0.5)).toBeUndefined();
  });
});

describe('parseRetryAfterMs', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it('reads delay seconds', () => {
    expect(parseRetryAfterMs('3', now)).toBe(3000);
    expect(parseRetryAfterMs(' 0 ', now)).toBe(0);
  });
  it('reads an HTTP-date', () => {
    expect(parseRetryAfterMs('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfterMs('Wed, 31 Dec 2025 23:59:00 GMT', now)).toBe(0);
  });
  it('ignores a missing or unreadable header', () => {
    expect(parseRetryAfterMs(null, now)).toBeUndefined();
    expect(parseRetryAfterMs('soon', now)).toBeUndefined();
  });
});

describe('isRetryableFailure', () => {
  const outage = new GoogleUnavailableError({ status: 503, message: 'x' });
  const rateLimit = new GoogleRateLimitError({ status: 429, message: 'x' });
  const refused = new GoogleNetworkError({ status: 0, message: 'x', timedOut: false, notSent: true });
  const reset = new GoogleNetworkError({ status: 0, message: 'x', timedOut: false, notSent: false });

  it('retries every retryable failure of an idempotent request', () => {
    for (const error of [outage, rateLimit, refused, reset])
      expect(isRetryableFailure(error, 'idempotent')).toBe(true);
  });

  it('retries a non-idempotent write only when Google provably did not act', () => {
    expect(isRetryableFailure(rateLimit, 'once')).toBe(true);
    expect(isRetryableFailure(refused, 'once')).toBe(true);
    expect(isRetryableFailure(outage, 'once')).toBe(false);
    expect(isRetryableFailure(reset, 'once')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { LIMITS } from '@fleetdeck/shared/limits';
import { CLIENT_ERROR_LIMITS, buildClientErrorReport } from './client-error-report.ts';

describe('buildClientErrorReport', () => {
  it('uses the limits the server enforces', () => {
    expect(CLIENT_ERROR_LIMITS).toEqual({
      message: LIMITS.clientErrorMessage,
      stack: LIMITS.clientErrorStack,
    });
  });

  it('carries message, stack, path and user agent', () => {
    const error = new Error('Fleet table exploded');
    const report = buildClientErrorReport(error, '/devices/fleetStatus?q=status%3AACTIVE', 'Googlebot/2.1');
    expect(report).toEqual({
      message: 'Error: Fleet table exploded',
      stack: error.stack,
      path: '/devices/fleetStatus?q=status%3AACTIVE',
      userAgent: 'Googlebot/2.1',
    });
  });

  it('describes thrown non-errors', () => {
    expect(buildClientErrorReport('plain string', '/', 'ua').message).toBe('plain string');
    expect(buildClientErrorReport({ code: 7 }, '/', 'ua').message).toBe('{"code":7}');
    expect(buildClientErrorReport(undefined, '/', 'ua').message).toBe('undefined');
    expect(buildClientErrorReport(new Error(''), '/', 'ua').message).toBe('Error: ');
  });

  it('trims message and stack to the limits the server accepts', () => {
    const error = new Error('m'.repeat(10_000));
    error.stack = 's'.repeat(50_000);
    const report = buildClientErrorReport(error, '/', 'ua');
    expect(report.message.length).toBe(LIMITS.clientErrorMessage);
    expect(report.stack?.length).toBe(LIMITS.clientErrorStack);
    expect(report.message.endsWith('…')).toBe(true);
  });
});

describe('buildClientErrorReport build id', () => {
  it('names the deployment when known and omits it in development', () => {
    expect(buildClientErrorReport(new Error('x'), '/', 'ua', 'abc123').buildId).toBe('abc123');
    expect('buildId' in buildClientErrorReport(new Error('x'), '/', 'ua', null)).toBe(false);
  });
});

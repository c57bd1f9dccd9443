import { describe, expect, it } from 'vitest';
import { redactedUrl } from './request-log.ts';

describe('redactedUrl', () => {
  it('hides the secret of an invitation, reset or sign-in link and keeps the rest', () => {
    expect(redactedUrl('/api/invitations/preview?token=abc123')).toBe(
      '/api/invitations/preview?token=[redacted]',
    );
    expect(redactedUrl('/reset-password?token=s3cret&next=%2Fdashboard')).toBe(
      '/reset-password?token=[redacted]&next=%2Fdashboard',
    );
    expect(redactedUrl('/x?%74oken=abc&Code=1&otp=2&q=status%3AACTIVE')).toBe(
      '/x?%74oken=[redacted]&Code=[redacted]&otp=[redacted]&q=status%3AACTIVE',
    );
  });

  it('leaves URLs without secrets alone', () => {
    expect(redactedUrl('/api/devices?q=id%3A5CD&limit=100')).toBe('/api/devices?q=id%3A5CD&limit=100');
    expect(redactedUrl('/healthz')).toBe('/healthz');
    expect(redactedUrl('/x?%E0%A4%A=1')).toBe('/x?%E0%A4%A=1');
  });
});

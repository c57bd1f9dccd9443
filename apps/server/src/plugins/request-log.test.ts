import { describe, expect, it } from 'vitest';
import { REQUEST_LOG_SERIALIZERS, redactedUrl } from './request-log.ts';

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
    expect(redactedUrl('/x?resetToken=a&id_token=b&client_secret=c&newPassword=d&limit=5')).toBe(
      '/x?resetToken=[redacted]&id_token=[redacted]&client_secret=[redacted]&newPassword=[redacted]&limit=5',
    );
  });

  it('hides a secret in the path of an identity route: the reset link and any token-like segment', () => {
    // better-auth's emailed reset link carries its token in the path.
    expect(
      redactedUrl('/api/identity/reset-password/Xk2mQ9pLr4TzW8vB1nC7dE5f?callbackURL=%2Freset-password'),
    ).toBe('/api/identity/reset-password/[redacted]?callbackURL=%2Freset-password');
    expect(redactedUrl('/api/identity/reset-password/short')).toBe('/api/identity/reset-password/[redacted]');
    expect(redactedUrl('/API/identity/Reset-Password/abc')).toBe('/API/identity/Reset-Password/[redacted]');
    expect(redactedUrl('/api/identity/verify-email/eyJhbGciOiJIUzI1NiJ9.e30.sig')).toBe(
      '/api/identity/verify-email/[redacted]',
    );
    expect(redactedUrl('/invitations/accept/4f1c9a7e0b2d4c6e8a1b3d5f7092a4c6')).toBe(
      '/invitations/accept/[redacted]',
    );
    expect(redactedUrl('/api/identity/some-future-route/AbCdEf0123456789xyz')).toBe(
      '/api/identity/some-future-route/[redacted]',
    );
    // The Google callback keeps its provider; its code and state are in the query.
    expect(redactedUrl('/api/identity/oauth2/callback/google?code=4%2F0Ab&state=xyz')).toBe(
      '/api/identity/oauth2/callback/google?code=[redacted]&state=xyz',
    );
  });

  it('leaves URLs without secrets alone', () => {
    expect(redactedUrl('/api/devices?q=id%3A5CD&limit=100')).toBe('/api/devices?q=id%3A5CD&limit=100');
    expect(redactedUrl('/healthz')).toBe('/healthz');
    expect(redactedUrl('/x?%E0%A4%A=1')).toBe('/x?%E0%A4%A=1');
    expect(redactedUrl('/api/identity/two-factor/verify-totp')).toBe('/api/identity/two-factor/verify-totp');
    expect(redactedUrl('/api/identity/get-session')).toBe('/api/identity/get-session');
    // Product ids help the operator and are no secrets.
    expect(redactedUrl('/api/devices/0f8fad5b-d9cb-469f-a165-70867728950e/timeline')).toBe(
      '/api/devices/0f8fad5b-d9cb-469f-a165-70867728950e/timeline',
    );
  });

  it('is what the request log writes of a request', () => {
    const logged = REQUEST_LOG_SERIALIZERS.req({
      method: 'GET',
      url: '/api/identity/reset-password/Xk2mQ9pLr4TzW8vB1nC7dE5f?callbackURL=%2Freset-password',
      host: 'fleetdeck.example',
      ip: '10.0.0.1',
      socket: { remotePort: 5555 },
    } as never);
    expect(logged.url).toBe('/api/identity/reset-password/[redacted]?callbackURL=%2Freset-password');
  });
});

import { describe, expect, it } from 'vitest';
import { isKnownAppPath, isValidDeviceId } from './app-routes.ts';

describe('isValidDeviceId', () => {
  it.each(['a', 'abc-123_XYZ', 'x'.repeat(128)])('accepts %s', (id) => {
    expect(isValidDeviceId(id)).toBe(true);
  });
  it.each(['', 'x'.repeat(129), 'bad id', 'a/b', 'ü', '<script>', undefined])('rejects %s', (id) => {
    expect(isValidDeviceId(id)).toBe(false);
  });
});

describe('isKnownAppPath', () => {
  it('knows the spec routes and ours', () => {
    for (const path of [
      '/',
      '/login',
      '/dashboard',
      '/debugPolicy',
      '/devices/fleetStatus',
      '/onboarding',
      '/settings',
      '/settings/team',
      '/settings/security',
      '/settings/google',
      '/settings/sync',
      '/settings/audit',
      '/settings/api-tokens',
      '/reset-password',
      '/invitations/accept',
    ]) {
      expect(isKnownAppPath(path), path).toBe(true);
    }
    expect(isKnownAppPath('/dashboard/')).toBe(true);
  });
  it('validates the device param like the page does', () => {
    expect(isKnownAppPath('/devices/chromebook/abc-123')).toBe(true);
    expect(isKnownAppPath('/devices/chromebook/bad%20id')).toBe(false);
    expect(isKnownAppPath('/devices/chromebook/a/b')).toBe(false);
  });
  it('does not know other paths', () => {
    expect(isKnownAppPath('/nope')).toBe(false);
    expect(isKnownAppPath('/settings/nope')).toBe(false);
    expect(isKnownAppPath('/invitations')).toBe(false);
    expect(isKnownAppPath('/devices')).toBe(false);
  });
});

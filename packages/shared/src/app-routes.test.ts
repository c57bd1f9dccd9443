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
  it('knows the plan pages and validates a plan ID like the page does', () => {
    expect(isKnownAppPath('/plans')).toBe(true);
    expect(isKnownAppPath('/plans/new/csv')).toBe(true);
    expect(isKnownAppPath('/plans/new/rollover')).toBe(true);
    expect(isKnownAppPath('/plans/0b9c6c1e-3f4a-4d2b-9a7e-1c2d3e4f5a6b')).toBe(true);
    expect(isKnownAppPath('/plans/not-a-plan')).toBe(false);
    expect(isKnownAppPath('/plans/new')).toBe(false);
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

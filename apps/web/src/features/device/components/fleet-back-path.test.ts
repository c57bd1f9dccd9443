import { describe, expect, it } from 'vitest';
import { fleetBackPath } from './fleet-back-path.ts';

const storing = (value: string | null) => () => ({ getItem: () => value });

describe('the way back to the fleet', () => {
  it('returns to the fleet view the admin came from', () => {
    expect(fleetBackPath(storing('q=status%3AACTIVE&sort=model&dir=desc&density=comfortable'))).toBe(
      '/devices?q=status%3AACTIVE&sort=model&dir=desc&density=comfortable',
    );
  });

  it('falls back to the bare list without a remembered view, or with storage blocked', () => {
    expect(fleetBackPath(storing(null))).toBe('/devices');
    expect(fleetBackPath(storing(''))).toBe('/devices');
    expect(
      fleetBackPath(() => {
        throw new DOMException('blocked', 'SecurityError');
      }),
    ).toBe('/devices');
  });

  it('keeps whatever was stored inside the query string of /devices', () => {
    for (const stored of [
      '//evil.example/x',
      'javascript:alert(1)',
      '?q=a#/../../login',
      'q=a&next=https://x.example',
    ]) {
      const path = fleetBackPath(storing(stored));
      expect(path.startsWith('/devices?')).toBe(true);
      const url = new URL(path, 'https://fleetdeck.example');
      expect(url.origin).toBe('https://fleetdeck.example');
      expect(url.pathname).toBe('/devices');
      expect(url.hash).toBe('');
    }
    expect(fleetBackPath(storing(`q=${'a'.repeat(9000)}`))).toBe('/devices');
  });
});

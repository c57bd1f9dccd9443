import { describe, expect, it } from 'vitest';
import { isAbsoluteUrl, matchRouteRule, type RouteRule } from './route-rules.ts';

const rules: RouteRule[] = [
  { path: '/devices', redirect: '/devices/fleetStatus', statusCode: 302 },
  { path: '/old/**', redirect: '/new', statusCode: 301 },
  { path: '/old/reports/**', redirect: '/dashboard', statusCode: 301 },
  { path: '/help', redirect: 'https://support.example.com/fleet', statusCode: 302 },
];

describe('matchRouteRule', () => {
  it('matches exact paths, ignoring a trailing slash', () => {
    expect(matchRouteRule('/devices', rules)).toEqual({
      redirect: '/devices/fleetStatus',
      statusCode: 302,
      external: false,
    });
    expect(matchRouteRule('/devices/', rules)?.redirect).toBe('/devices/fleetStatus');
  });

  it('does not treat an exact rule as a prefix', () => {
    expect(matchRouteRule('/devices/fleetStatus', rules)).toBeNull();
  });

  it('prefers the longest matching prefix rule', () => {
    expect(matchRouteRule('/old/things', rules)?.redirect).toBe('/new');
    expect(matchRouteRule('/old/reports/2024', rules)?.redirect).toBe('/dashboard');
    expect(matchRouteRule('/old', rules)?.redirect).toBe('/new');
    expect(matchRouteRule('/older', rules)).toBeNull();
  });

  it('flags absolute targets as external', () => {
    expect(matchRouteRule('/help', rules)?.external).toBe(true);
  });

  it('ships rules for the spec example', () => {
    expect(matchRouteRule('/devices')).toMatchObject({ redirect: '/devices/fleetStatus', external: false });
    expect(matchRouteRule('/help/chrome-enterprise')?.external).toBe(true);
    // Fleetdeck's own help is a page of the app, not a way out of it.
    expect(matchRouteRule('/help')).toBeNull();
  });
});

describe('isAbsoluteUrl', () => {
  it.each([
    ['https://a.example', true],
    ['mailto:x@example.com', true],
    ['//evil.example/path', true],
    ['javascript:alert(1)', true],
    ['/dashboard', false],
    ['dashboard', false],
  ])('%s → %s', (target, expected) => {
    expect(isAbsoluteUrl(target)).toBe(expected);
  });
});

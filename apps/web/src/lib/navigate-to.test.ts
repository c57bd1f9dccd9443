import { describe, expect, it, vi } from 'vitest';
import {
  NavigationRefusedError,
  navigateTo,
  resolveNavigationTarget,
  type NavigationEnvironment,
} from './navigate-to.ts';

const ORIGIN = 'https://fleetdeck.example';

function refusal(target: string, options = {}): NavigationRefusedError {
  try {
    resolveNavigationTarget(target, options, ORIGIN);
  } catch (error) {
    if (error instanceof NavigationRefusedError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(target)} to be refused`);
}

function fakeEnvironment(withRouter = true) {
  const calls = {
    assign: vi.fn<(href: string) => void>(),
    replace: vi.fn<(href: string) => void>(),
    navigateInApp: vi.fn<(path: string, options: { replace: boolean }) => void>(),
  };
  const environment: NavigationEnvironment = {
    origin: ORIGIN,
    assign: calls.assign,
    replace: calls.replace,
    navigateInApp: withRouter ? calls.navigateInApp : null,
  };
  return { calls, environment };
}

describe('resolveNavigationTarget: internal targets', () => {
  it.each([
    ['/devices/fleetStatus', '/devices/fleetStatus'],
    ['/devices/fleetStatus?q=status%3AACTIVE#top', '/devices/fleetStatus?q=status%3AACTIVE#top'],
    ['dashboard', '/dashboard'],
    ['  /settings  ', '/settings'],
    [`${ORIGIN}/debugPolicy?ou=%2Fschools`, '/debugPolicy?ou=%2Fschools'],
    ['/devices/chromebook/abc-123', '/devices/chromebook/abc-123'],
  ])('%s stays in the app as %s', (target, path) => {
    expect(resolveNavigationTarget(target, {}, ORIGIN)).toEqual({ kind: 'internal', path });
  });
});

describe('resolveNavigationTarget: external targets', () => {
  it.each([
    'https://support.google.com/chrome/a/answer/1289314',
    'http://example.com/',
    '//evil.example/path',
    '\\\\evil.example/path',
    '/\\evil.example',
    'https://fleetdeck.example.evil.example/',
    'http://fleetdeck.example/',
    'mailto:it-help@school.example',
  ])('refuses %s without { external: true }', (target) => {
    const error = refusal(target);
    expect(error.reason).toBe('external');
    expect(error.message).toMatch(/leaves Fleetdeck/);
    expect(error.message).toMatch(/\{ external: true \}/);
  });

  it('allows an absolute http(s) URL with { external: true }', () => {
    expect(resolveNavigationTarget('https://support.google.com/a?b=c', { external: true }, ORIGIN)).toEqual({
      kind: 'external',
      href: 'https://support.google.com/a?b=c',
    });
  });

  it('normalises protocol-relative URLs against the current protocol', () => {
    expect(resolveNavigationTarget('//cdn.example/x', { external: true }, ORIGIN)).toEqual({
      kind: 'external',
      href: 'https://cdn.example/x',
    });
  });

  it.each(['ftp://files.example/x', 'file:///etc/passwd', 'chrome://settings', 'blob:https://x/1'])(
    'refuses unsupported protocol %s even when external navigation is allowed',
    (target) => {
      expect(refusal(target, { external: true }).reason).toBe('unsupported-protocol');
    },
  );
});

describe('resolveNavigationTarget: script-like protocols', () => {
  const disguised = [
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'JAVASCRIPT:alert(1)',
    '  javascript:alert(1)',
    '\u0000javascript:alert(1)',
    '\u001fjavascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'java\rscript:alert(1)',
    'javascript\t:alert(1)',
    '%6Aavascript:alert(1)',
    '%256Aavascript:alert(1)',
    'javascript%3Aalert(1)',
    '&#106;avascript:alert(1)',
    '&#x6A;avascript:alert(1)',
    '&#x6a&#x61vascript:alert(1)',
    'javascript&colon;alert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'DATA:text/html,<script>alert(1)</script>',
    ' data:image/svg+xml,<svg onload=alert(1)>',
    'vbscript:msgbox(1)',
    'VBScript:msgbox(1)',
    'vb%73cript:msgbox(1)',
  ];

  it.each(disguised)('refuses %j', (target) => {
    const error = refusal(target);
    expect(error).toBeInstanceOf(NavigationRefusedError);
    expect(error.reason).toBe('script-protocol');
    expect(error.target).toBe(target);
    expect(error.message).toMatch(/dangerouslyAllowScriptProtocol/);
  });

  it('refuses script protocols even when external navigation is allowed', () => {
    expect(refusal('javascript:alert(1)', { external: true }).reason).toBe('script-protocol');
  });

  it('allows a script protocol only with the loudly named option', () => {
    expect(
      resolveNavigationTarget('data:text/plain,hello', { dangerouslyAllowScriptProtocol: true }, ORIGIN),
    ).toEqual({
      kind: 'external',
      href: 'data:text/plain,hello',
    });
  });

  it('does not mistake app paths that merely mention a protocol', () => {
    expect(resolveNavigationTarget('/devices/fleetStatus?q=javascript%3A', {}, ORIGIN)).toEqual({
      kind: 'internal',
      path: '/devices/fleetStatus?q=javascript%3A',
    });
    expect(resolveNavigationTarget('/notes/data:1', {}, ORIGIN).kind).toBe('internal');
  });

  it('keeps error messages short for huge targets', () => {
    const error = refusal(`data:text/plain,${'x'.repeat(5000)}`);
    expect(error.message.length).toBeLessThan(400);
  });
});

describe('resolveNavigationTarget: malformed input', () => {
  it.each(['', '   ', '\t\n'])('refuses the empty target %j', (target) => {
    expect(refusal(target).reason).toBe('empty');
  });

  it('refuses a URL the parser rejects', () => {
    expect(refusal('https://exa mple.com:99999/').reason).toBe('malformed');
  });
});

describe('navigateTo', () => {
  it('navigates in the app for internal targets, pushing by default', () => {
    const { calls, environment } = fakeEnvironment();
    navigateTo('/dashboard', {}, environment);
    expect(calls.navigateInApp).toHaveBeenCalledWith('/dashboard', { replace: false });
    expect(calls.assign).not.toHaveBeenCalled();
  });

  it('passes replace through to the router', () => {
    const { calls, environment } = fakeEnvironment();
    navigateTo('/login', { replace: true }, environment);
    expect(calls.navigateInApp).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('falls back to a page load for internal targets before the router is registered', () => {
    const { calls, environment } = fakeEnvironment(false);
    navigateTo('/dashboard', {}, environment);
    expect(calls.assign).toHaveBeenCalledWith('/dashboard');
  });

  it('follows allowed external targets with a full page load', () => {
    const { calls, environment } = fakeEnvironment();
    navigateTo('https://support.google.com/chrome/a', { external: true }, environment);
    expect(calls.assign).toHaveBeenCalledWith('https://support.google.com/chrome/a');
    expect(calls.navigateInApp).not.toHaveBeenCalled();

    navigateTo('https://support.google.com/chrome/b', { external: true, replace: true }, environment);
    expect(calls.replace).toHaveBeenCalledWith('https://support.google.com/chrome/b');
  });

  it('throws and does not navigate when refused', () => {
    const { calls, environment } = fakeEnvironment();
    expect(() => navigateTo('https://evil.example', {}, environment)).toThrow(NavigationRefusedError);
    expect(() => navigateTo('javascript:alert(1)', { external: true }, environment)).toThrow(/javascript:/);
    expect(calls.assign).not.toHaveBeenCalled();
    expect(calls.replace).not.toHaveBeenCalled();
    expect(calls.navigateInApp).not.toHaveBeenCalled();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROUTE_RULES } from '@fleetdeck/shared/route-rules';
import {
  VERSION_FOCUS_THROTTLE_MS,
  VERSION_POLL_INTERVAL_MS,
  currentRouteRules,
  loadRouteRules,
  parseBuildMeta,
  parseLatestBuild,
  readBuildId,
  watchForNewVersion,
} from './build-manifest.ts';

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('readBuildId', () => {
  const doc = (content: string | null) =>
    ({
      querySelector: () => (content === null ? null : { getAttribute: () => content }),
    }) as unknown as Pick<Document, 'querySelector'>;

  it('reads the id stamped into index.html', () => {
    expect(readBuildId(doc('a1b2c3d4e5f6'))).toBe('a1b2c3d4e5f6');
  });

  it('returns null in development (no stamp) or for a tampered value', () => {
    expect(readBuildId(doc(null))).toBeNull();
    expect(readBuildId(doc('../../etc'))).toBeNull();
    expect(readBuildId(doc(''))).toBeNull();
  });
});

describe('parseBuildMeta', () => {
  it('accepts the manifest the build writes', () => {
    const meta = { id: 'abc', timestamp: 1, routeRules: ROUTE_RULES };
    expect(parseBuildMeta(JSON.parse(JSON.stringify(meta)))).toEqual(meta);
  });

  it.each([
    null,
    [],
    { id: 'abc', timestamp: 1 },
    { id: 'abc', timestamp: '1', routeRules: [] },
    { id: 'abc', timestamp: 1, routeRules: [{ path: 'devices', redirect: '/x', statusCode: 302 }] },
    { id: 'abc', timestamp: 1, routeRules: [{ path: '/devices', redirect: '', statusCode: 302 }] },
    { id: 'abc', timestamp: 1, routeRules: [{ path: '/devices', redirect: '/x', statusCode: 200 }] },
    { id: 'abc', timestamp: 1, routeRules: ['nope'] },
  ])('rejects %j', (value) => {
    expect(parseBuildMeta(value)).toBeNull();
  });
});

describe('parseLatestBuild', () => {
  it('accepts { id, timestamp } and rejects anything else', () => {
    expect(parseLatestBuild({ id: 'x1', timestamp: 5 })).toEqual({ id: 'x1', timestamp: 5 });
    expect(parseLatestBuild({ id: '', timestamp: 5 })).toBeNull();
    expect(parseLatestBuild({ id: 'x1' })).toBeNull();
    expect(parseLatestBuild('x1')).toBeNull();
  });
});

describe('loadRouteRules', () => {
  it('keeps the bundled rules until the manifest loads, then uses the manifest', async () => {
    expect(currentRouteRules()).toBe(ROUTE_RULES);
    const rules = [{ path: '/old', redirect: '/dashboard', statusCode: 301 }];
    const fetchMock = vi.fn(async () => jsonResponse({ id: 'b1', timestamp: 1, routeRules: rules }));
    await loadRouteRules('b1', fetchMock);
    expect(fetchMock).toHaveBeenCalledWith('/builds/meta/b1.json', expect.anything());
    expect(currentRouteRules()).toEqual(rules);
  });

  it('ignores a manifest for another build, a bad manifest, errors, and development', async () => {
    const before = currentRouteRules();
    const other = vi.fn(async () => jsonResponse({ id: 'other', timestamp: 1, routeRules: [] }));
    await loadRouteRules('b2', other);
    const bad = vi.fn(async () => jsonResponse({ id: 'b2', routeRules: 'x' }));
    await loadRouteRules('b2', bad);
    const failing = vi.fn(async () => {
      throw new TypeError('offline');
    });
    await loadRouteRules('b2', failing);
    const notFound = vi.fn(async () => jsonResponse({}, 404));
    await loadRouteRules('b2', notFound);
    const never = vi.fn();
    await loadRouteRules(null, never);
    expect(never).not.toHaveBeenCalled();
    expect(currentRouteRules()).toBe(before);
  });
});

describe('watchForNewVersion', () => {
  let clock = 0;
  const target = new EventTarget();
  const visibilityState: DocumentVisibilityState = 'visible';
  const visibility = Object.assign(new EventTarget(), { visibilityState });

  beforeEach(() => {
    vi.useFakeTimers();
    clock = 1_000_000;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function start(latestIds: string[]) {
    const onNewVersion = vi.fn();
    let call = 0;
    const fetchMock = vi.fn(async () =>
      jsonResponse({ id: latestIds[Math.min(call++, latestIds.length - 1)], timestamp: 1 }),
    );
    const stop = watchForNewVersion({
      currentBuildId: 'current',
      onNewVersion,
      fetch: fetchMock,
      target,
      visibility,
      now: () => clock,
    });
    return { onNewVersion, fetchMock, stop };
  }

  it('does not check at start-up: the page was just loaded fresh', async () => {
    const { fetchMock, stop } = start(['current']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchMock).not.toHaveBeenCalled();
    stop();
  });

  it('checks on focus, throttled, and announces a different build once', async () => {
    const { fetchMock, onNewVersion, stop } = start(['current', 'next']);
    target.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith(
      '/builds/latest.json',
      expect.objectContaining({ cache: 'no-store' }),
    );
    expect(onNewVersion).not.toHaveBeenCalled();

    clock += VERSION_FOCUS_THROTTLE_MS - 1;
    target.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    clock += 1;
    target.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(onNewVersion).toHaveBeenCalledWith('next');

    clock += VERSION_FOCUS_THROTTLE_MS;
    target.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(onNewVersion).toHaveBeenCalledTimes(1);
    stop();
  });

  it('polls every five minutes and when the tab becomes visible', async () => {
    const { fetchMock, onNewVersion, stop } = start(['current', 'current', 'next']);
    await vi.advanceTimersByTimeAsync(VERSION_POLL_INTERVAL_MS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    clock += VERSION_FOCUS_THROTTLE_MS;
    visibility.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(VERSION_POLL_INTERVAL_MS);
    expect(onNewVersion).toHaveBeenCalledWith('next');
    stop();
  });

  it('stops listening when stopped', async () => {
    const { fetchMock, stop } = start(['next']);
    stop();
    target.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(VERSION_POLL_INTERVAL_MS * 2);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

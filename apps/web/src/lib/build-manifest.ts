import { ROUTE_RULES, type RouteRule } from '@fleetdeck/shared/route-rules';

/**
 * What this tab knows about deployments: its own build id (stamped into index.html by the
 * build), the route rules of its build (fetched from `/builds/meta/<id>.json`, bundled rules
 * until then), and whether a newer build has been published (`/builds/latest.json`).
 */

export const BUILD_ID_META_NAME = 'fleetdeck-build-id';
export const VERSION_POLL_INTERVAL_MS = 5 * 60_000;
export const VERSION_FOCUS_THROTTLE_MS = 60_000;

export interface BuildMeta {
  readonly id: string;
  readonly timestamp: number;
  readonly routeRules: readonly RouteRule[];
}

/** Why: dev servers have no build; callers then skip version checks and keep the bundled rules. */
export function readBuildId(doc: Pick<Document, 'querySelector'> = document): string | null {
  const content = doc.querySelector(`meta[name="${BUILD_ID_META_NAME}"]`)?.getAttribute('content');
  return content && /^[A-Za-z0-9_-]{1,64}$/.test(content) ? content : null;
}

const STATUS_CODES = new Set([301, 302, 307, 308]);

/** Validates the route-rule manifest; a malformed one is ignored rather than trusted. */
export function parseBuildMeta(value: unknown): BuildMeta | null {
  if (!isRecord(value) || typeof value.id !== 'string' || typeof value.timestamp !== 'number') return null;
  if (!Array.isArray(value.routeRules)) return null;
  const routeRules: RouteRule[] = [];
  for (const rule of value.routeRules) {
    if (!isRecord(rule)) return null;
    const { path, redirect, statusCode } = rule;
    if (typeof path !== 'string' || !path.startsWith('/') || path.length > 500) return null;
    if (typeof redirect !== 'string' || redirect.length === 0 || redirect.length > 2000) return null;
    if (typeof statusCode !== 'number' || !STATUS_CODES.has(statusCode)) return null;
    routeRules.push({ path, redirect, statusCode: statusCode as RouteRule['statusCode'] });
  }
  return { id: value.id, timestamp: value.timestamp, routeRules };
}

/** Reads `builds/latest.json`; null when it is not a usable answer. */
export function parseLatestBuild(value: unknown): { id: string; timestamp: number } | null {
  if (
    !isRecord(value) ||
    typeof value.id !== 'string' ||
    value.id === '' ||
    typeof value.timestamp !== 'number'
  ) {
    return null;
  }
  return { id: value.id, timestamp: value.timestamp };
}

let activeRouteRules: readonly RouteRule[] = ROUTE_RULES;

/** Why: route rules are checked on every navigation and must not wait for the network. */
export function currentRouteRules(): readonly RouteRule[] {
  return activeRouteRules;
}

/** Why: the deployed manifest can change rules without a new bundle; bundled rules stay if it fails. */
export async function loadRouteRules(buildId: string | null, fetchImpl: typeof fetch = fetch): Promise<void> {
  if (!buildId) return;
  try {
    const response = await fetchImpl(`/builds/meta/${encodeURIComponent(buildId)}.json`, {
      credentials: 'same-origin',
    });
    if (!response.ok) return;
    const meta = parseBuildMeta(await response.json());
    if (meta && meta.id === buildId) activeRouteRules = meta.routeRules;
  } catch {
    // Offline or mid-deployment: the bundled rules are the same ones this build shipped with.
  }
}

export interface VersionWatchOptions {
  readonly currentBuildId: string;
  readonly onNewVersion: (latestId: string) => void;
  readonly fetch?: typeof fetch;
  readonly target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  readonly visibility?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
  readonly now?: () => number;
  readonly intervalMs?: number;
  readonly focusThrottleMs?: number;
}

/**
 * Why: admins keep Fleetdeck open all day; polling every few minutes and when the tab regains
 * focus (throttled) tells them about a deployment before a stale chunk can bite. The page was
 * just loaded with no-store HTML, so the first check waits for focus or the first interval.
 */
export function watchForNewVersion(options: VersionWatchOptions): () => void {
  const fetchImpl = options.fetch ?? fetch;
  const target = options.target ?? window;
  const visibility = options.visibility ?? document;
  const now = options.now ?? Date.now;
  const throttle = options.focusThrottleMs ?? VERSION_FOCUS_THROTTLE_MS;
  let lastCheck = Number.NEGATIVE_INFINITY;
  let announced = false;
  let inFlight = false;

  const check = async (): Promise<void> => {
    if (announced || inFlight) return;
    inFlight = true;
    lastCheck = now();
    try {
      const response = await fetchImpl('/builds/latest.json', {
        cache: 'no-store',
        credentials: 'same-origin',
      });
      if (!response.ok) return;
      const latest = parseLatestBuild(await response.json());
      if (latest && latest.id !== options.currentBuildId) {
        announced = true;
        options.onNewVersion(latest.id);
      }
    } catch {
      // A failed check is retried on the next focus or interval.
    } finally {
      inFlight = false;
    }
  };
  const onFocus = (): void => {
    if (now() - lastCheck >= throttle) void check();
  };
  const onVisibility = (): void => {
    if (visibility.visibilityState === 'visible') onFocus();
  };

  const timer = setInterval(() => void check(), options.intervalMs ?? VERSION_POLL_INTERVAL_MS);
  target.addEventListener('focus', onFocus);
  visibility.addEventListener('visibilitychange', onVisibility);
  return () => {
    clearInterval(timer);
    target.removeEventListener('focus', onFocus);
    visibility.removeEventListener('visibilitychange', onVisibility);
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

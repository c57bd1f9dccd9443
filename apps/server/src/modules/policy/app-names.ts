import type { ChromeManagementClient } from '@fleetdeck/google/management/management-client';
import { policyAppId } from '@fleetdeck/google/management/installed-apps.schema';

/**
 * Names for the app ids of per-app policies (`chrome:ghbmnn…` → "Google Docs Offline"), read from
 * Chrome Management's installed-apps report with the reports scope Fleetdeck already holds. Names
 * are a courtesy: a failed read or an app installed nowhere leaves the id alone, never the page.
 * Kept in memory per organization (names change rarely and cost one report walk to rebuild), with
 * identical reads in flight shared and a failure remembered briefly so a broken report is not asked
 * again on every view.
 */

export type AppsApi = Pick<ChromeManagementClient, 'iterateInstalledAppPages'>;

/** Policy `app_id` → display name. */
export type AppNames = ReadonlyMap<string, string>;

export interface AppNameLookupOptions {
  readonly now?: () => number;
  /** How long an organization's names are served before the report is read again (default 1 hour). */
  readonly ttlMs?: number;
  /** How long a failed read leaves ids alone before trying again (default 5 minutes). */
  readonly failureTtlMs?: number;
  /** Bound on one walk of the report: pages of `pageSize` apps (defaults 20 × 100). */
  readonly maxPages?: number;
  readonly pageSize?: number;
  /** Organizations kept at once; the least recently read is dropped first (default 1,000). */
  readonly maxOrganizations?: number;
  /** Told why names could not be read (the server logs it). */
  readonly onError?: (orgId: string, error: unknown) => void;
}

export interface AppNameRequest {
  readonly orgId: string;
  /** Builds the organization's Chrome Management client only when Google must be asked. */
  readonly api: () => AppsApi;
}

const NO_NAMES: AppNames = new Map();

async function readNames(api: AppsApi, maxPages: number, pageSize: number): Promise<AppNames> {
  const names = new Map<string, string>();
  let pages = 0;
  for await (const page of api.iterateInstalledAppPages({ pageSize })) {
    for (const app of page.items) {
      const id = policyAppId(app);
      const name = app.displayName?.trim().slice(0, 200);
      if (id !== undefined && name) names.set(id, name);
    }
    pages += 1;
    if (pages >= maxPages) break;
  }
  return names;
}

/** Why: one lookup per process, so every request of an organization shares its cached names. */
export function createAppNameLookup(options: AppNameLookupOptions = {}) {
  const now = options.now ?? Date.now;
  const ttl = options.ttlMs ?? 60 * 60_000;
  const failureTtl = options.failureTtlMs ?? 5 * 60_000;
  const maxPages = options.maxPages ?? 20;
  const pageSize = options.pageSize ?? 100;
  const maxOrganizations = options.maxOrganizations ?? 1000;
  const cache = new Map<string, { names: AppNames; expiresAt: number }>();
  const inFlight = new Map<string, Promise<AppNames>>();

  const remember = (orgId: string, names: AppNames, lifetime: number) => {
    cache.delete(orgId);
    cache.set(orgId, { names, expiresAt: now() + lifetime });
    for (const oldest of cache.keys()) {
      if (cache.size <= maxOrganizations) break;
      cache.delete(oldest);
    }
  };

  return {
    /** The organization's app names; resolves to none (never rejects) when Google cannot say. */
    async names(request: AppNameRequest): Promise<AppNames> {
      const cached = cache.get(request.orgId);
      if (cached && cached.expiresAt > now()) return cached.names;
      const running = inFlight.get(request.orgId);
      if (running) return running;
      const task = Promise.resolve()
        .then(() => readNames(request.api(), maxPages, pageSize))
        .then((names) => {
          remember(request.orgId, names, ttl);
          return names;
        })
        .catch((error: unknown) => {
          options.onError?.(request.orgId, error);
          remember(request.orgId, NO_NAMES, failureTtl);
          return NO_NAMES;
        })
        .finally(() => inFlight.delete(request.orgId));
      inFlight.set(request.orgId, task);
      return task;
    },
  };
}

export type AppNameLookup = ReturnType<typeof createAppNameLookup>;

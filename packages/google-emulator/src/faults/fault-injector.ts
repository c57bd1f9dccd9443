/**
 * Faults on demand for the Google API paths: added latency, injected error statuses (for the next
 * N calls or at a rate) and per-minute quotas answering 429 `rateLimitExceeded` with Retry-After.
 * Rate-based faults draw from a seeded stream so a test run is repeatable.
 */
import { injectedFault, rateLimited, type ApiName, type GoogleErrorInit } from '../http/google-errors.ts';
import { Prng } from '../state/random.ts';

export type ApiSelector = ApiName | 'all';

export const FAULT_STATUSES = [401, 403, 429, 500, 502, 503, 504] as const;

export interface FaultRule {
  status: number;
  api: ApiSelector;
  reason?: string;
  /** Only calls whose path contains this text (e.g. `:batchModify`), so a write fails while reads pass. */
  path?: string;
  /** Fail this many more calls, then stop. */
  remaining?: number;
  /** Or fail each call with this probability (0..1). */
  rate?: number;
}

interface Quota {
  limit: number;
  hits: number[];
}

const QUOTA_WINDOW_MS = 60_000;

export class FaultInjector {
  readonly #latency = new Map<ApiSelector, number>();
  #faults: FaultRule[] = [];
  readonly #quotas = new Map<ApiSelector, Quota>();
  #prng: Prng;
  readonly #seed: number;

  constructor(seed: number) {
    this.#seed = seed;
    this.#prng = new Prng(seed ^ 0x6661756c);
  }

  setLatency(ms: number, api: ApiSelector = 'all'): void {
    if (ms <= 0) this.#latency.delete(api);
    else this.#latency.set(api, ms);
  }

  latencyFor(api: ApiName): number {
    return this.#latency.get(api) ?? this.#latency.get('all') ?? 0;
  }

  addFault(rule: FaultRule): void {
    this.#faults.push(rule);
  }

  clearFaults(api?: ApiSelector): void {
    this.#faults = api ? this.#faults.filter((f) => f.api !== api) : [];
  }

  setQuota(requestsPerMinute: number, api: ApiSelector = 'all'): void {
    if (requestsPerMinute <= 0) this.#quotas.delete(api);
    else this.#quotas.set(api, { limit: requestsPerMinute, hits: [] });
  }

  /**
   * The error to answer instead of serving the request, if any (`throttled` when a quota said no).
   * Calls that go through count against the quotas.
   */
  decide(api: ApiName, now: number, path = ''): { error: GoogleErrorInit; throttled: boolean } | undefined {
    for (const rule of this.#faults) {
      if (rule.api !== 'all' && rule.api !== api) continue;
      if (rule.path !== undefined && !path.includes(rule.path)) continue;
      if (rule.remaining !== undefined) {
        if (rule.remaining <= 0) continue;
        rule.remaining -= 1;
        return { error: injectedFault(api, rule.status, rule.reason), throttled: false };
      }
      if (rule.rate !== undefined && this.#prng.next() < rule.rate) {
        return { error: injectedFault(api, rule.status, rule.reason), throttled: false };
      }
    }
    this.#faults = this.#faults.filter((f) => f.remaining === undefined || f.remaining > 0);
    for (const selector of [api, 'all'] as const) {
      const quota = this.#quotas.get(selector);
      if (!quota) continue;
      while (quota.hits.length > 0 && (quota.hits[0] ?? 0) <= now - QUOTA_WINDOW_MS) quota.hits.shift();
      if (quota.hits.length >= quota.limit) {
        const retryAfter = Math.max(1, Math.ceil(((quota.hits[0] ?? now) + QUOTA_WINDOW_MS - now) / 1000));
        return { error: rateLimited(api, quota.limit, retryAfter), throttled: true };
      }
    }
    for (const selector of [api, 'all'] as const) this.#quotas.get(selector)?.hits.push(now);
    return undefined;
  }

  describe(): {
    latency: Record<string, number>;
    faults: FaultRule[];
    quotas: Record<string, { requestsPerMinute: number; usedInWindow: number }>;
  } {
    return {
      latency: Object.fromEntries(this.#latency),
      faults: this.#faults.map((f) => ({ ...f })),
      quotas: Object.fromEntries(
        [...this.#quotas].map(([api, q]) => [
          api,
          { requestsPerMinute: q.limit, usedInWindow: q.hits.length },
        ]),
      ),
    };
  }

  reset(): void {
    this.#latency.clear();
    this.#faults = [];
    this.#quotas.clear();
    this.#prng = new Prng(this.#seed ^ 0x6661756c);
  }
}

export type CountedApi = ApiName | 'oauth' | 'control' | 'other';

export interface ApiCounter {
  requests: number;
  byStatus: Record<string, number>;
  faultsInjected: number;
  throttled: number;
}

/** Requests served per API, for benchmarks and tests. */
export class RequestCounters {
  #counters = new Map<CountedApi, ApiCounter>();
  #since: number;

  constructor(now: number) {
    this.#since = now;
  }

  #of(api: CountedApi): ApiCounter {
    let counter = this.#counters.get(api);
    if (!counter) {
      counter = { requests: 0, byStatus: {}, faultsInjected: 0, throttled: 0 };
      this.#counters.set(api, counter);
    }
    return counter;
  }

  record(api: CountedApi, status: number): void {
    const counter = this.#of(api);
    counter.requests += 1;
    counter.byStatus[status] = (counter.byStatus[status] ?? 0) + 1;
  }

  noteFault(api: CountedApi, throttled: boolean): void {
    if (throttled) this.#of(api).throttled += 1;
    else this.#of(api).faultsInjected += 1;
  }

  snapshot(): { since: string; total: number; apis: Record<string, ApiCounter> } {
    let total = 0;
    const apis: Record<string, ApiCounter> = {};
    for (const [api, counter] of this.#counters) {
      total += counter.requests;
      apis[api] = { ...counter, byStatus: { ...counter.byStatus } };
    }
    return { since: new Date(this.#since).toISOString(), total, apis };
  }

  reset(now: number): void {
    this.#counters = new Map();
    this.#since = now;
  }
}

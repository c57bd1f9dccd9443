import type { Kysely } from 'kysely';
import { GoogleInvalidInputError } from '@fleetdeck/google/errors';
import { orgUnitTargetResource } from '@fleetdeck/google/google-ids';
import type { ChromePolicyClient } from '@fleetdeck/google/policy/policy-client';
import type { PolicySchema } from '@fleetdeck/google/policy/policy-schema.schema';
import type { ResolvedPolicy } from '@fleetdeck/google/policy/policy.schema';
import { POLICY_NAMESPACES, type PolicyNamespace } from '@fleetdeck/shared/policy-contract';
import type { DB } from '../../db/schema.ts';
import { readResolved, readSchemas, writeResolved, writeSchemas } from './policy-cache.ts';
import { toPolicyError } from './policy-errors.ts';

/**
 * Where resolved policies come from: the cache when it is fresh enough, Chrome Policy otherwise.
 * Google's per-project quota is shared by every organization, so reads are kept few: one
 * `policies:resolve` per OU and namespace, identical reads in flight are shared, at most two calls
 * per organization run at once, and a Refresh within seconds of the last fetch serves the cache.
 */

export type PolicyApi = Pick<ChromePolicyClient, 'iterateResolvedPolicies' | 'iteratePolicySchemas'>;

export interface NamespaceLoad {
  readonly namespace: PolicyNamespace;
  readonly schemas: PolicySchema[];
  readonly resolved: ResolvedPolicy[];
  readonly fetchedAt: Date;
  readonly fromCache: boolean;
  /** Google refused an optional namespace (apps) for this unit; the rest is still shown. */
  readonly skipped: boolean;
}

/** Namespaces whose refusal (400) leaves them out instead of failing the page. */
const OPTIONAL_NAMESPACES: ReadonlySet<PolicyNamespace> = new Set(['chrome.users.apps']);

export interface PolicySourceOptions {
  readonly db: Kysely<DB>;
  readonly now?: () => number;
  /** Resolved values younger than this are served from the cache (default 15 minutes). */
  readonly resolvedTtlMs?: number;
  /** Schemas change with Chrome releases; cached a day by default. */
  readonly schemaTtlMs?: number;
  /** A Refresh sooner than this after the last fetch serves the cache (default 10 s). */
  readonly minRefreshMs?: number;
  /** Google calls per organization at once (default 2). */
  readonly maxConcurrent?: number;
}

export interface LoadRequest {
  readonly orgId: string;
  readonly orgUnitId: string;
  readonly refresh: boolean;
  /** Builds the organization's policy client only when Google must be asked. */
  readonly api: () => PolicyApi;
  /** Only these namespaces (all of them when omitted). */
  readonly namespaces?: readonly PolicyNamespace[];
}

/** Bounds on what one namespace may return; past it the answer is cut and the rest ignored. */
export const MAX_RESOLVED_PER_NAMESPACE = 5000;
const PAGE_SIZE = 1000;

function limiter(max: number) {
  const state = new Map<string, { active: number; waiting: (() => void)[] }>();
  return async function run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const slot = state.get(key) ?? { active: 0, waiting: [] };
    state.set(key, slot);
    if (slot.active >= max) await new Promise<void>((resolve) => slot.waiting.push(resolve));
    slot.active += 1;
    try {
      return await task();
    } finally {
      slot.active -= 1;
      const next = slot.waiting.shift();
      if (next) next();
      else if (slot.active === 0) state.delete(key);
    }
  };
}

/** Identical reads in flight are shared: the second caller waits for the first one's answer. */
function sharedRuns() {
  const inFlight = new Map<string, Promise<unknown>>();
  return <T>(key: string, task: () => Promise<T>): Promise<T> => {
    const running = inFlight.get(key);
    if (running) return running as Promise<T>;
    const promise = task().finally(() => inFlight.delete(key));
    inFlight.set(key, promise);
    return promise;
  };
}

/** One namespace's schemas from Google, cut at the bound. */
async function fetchSchemas(api: PolicyApi, namespace: PolicyNamespace): Promise<PolicySchema[]> {
  const list: PolicySchema[] = [];
  for await (const schema of api.iteratePolicySchemas({
    filter: `namespace=${namespace}`,
    pageSize: PAGE_SIZE,
  })) {
    list.push(schema);
    if (list.length >= MAX_RESOLVED_PER_NAMESPACE) break;
  }
  return list;
}

/** One namespace's resolved values for an OU from Google, cut at the bound. */
async function fetchResolved(
  api: PolicyApi,
  orgUnitId: string,
  namespace: PolicyNamespace,
): Promise<ResolvedPolicy[]> {
  const list: ResolvedPolicy[] = [];
  for await (const policy of api.iterateResolvedPolicies({
    policySchemaFilter: `${namespace}.*`,
    policyTargetKey: { targetResource: orgUnitTargetResource(orgUnitId) },
    pageSize: PAGE_SIZE,
  })) {
    list.push(policy);
    if (list.length >= MAX_RESOLVED_PER_NAMESPACE) break;
  }
  return list;
}

/** An optional namespace Google refused for this unit: shown as left out. */
function skippedLoad(namespace: PolicyNamespace, fetchedAt: Date): NamespaceLoad {
  return { namespace, schemas: [], resolved: [], fetchedAt, fromCache: false, skipped: true };
}

/** Why: one source per process, shared by every request, so its limits hold across requests. */
export function createPolicySource(options: PolicySourceOptions) {
  const now = options.now ?? Date.now;
  const resolvedTtl = options.resolvedTtlMs ?? 15 * 60_000;
  const schemaTtl = options.schemaTtlMs ?? 24 * 60 * 60_000;
  const minRefresh = options.minRefreshMs ?? 10_000;
  const gate = limiter(options.maxConcurrent ?? 2);
  const shared = sharedRuns();

  const schemasOf = (request: LoadRequest, namespace: PolicyNamespace): Promise<PolicySchema[]> =>
    shared(`schemas|${request.orgId}|${namespace}`, async () => {
      const cached = await readSchemas(options.db, request.orgId, namespace);
      if (cached && now() - cached.fetchedAt.getTime() < schemaTtl) return cached.items;
      const items = await gate(request.orgId, () => fetchSchemas(request.api(), namespace));
      await writeSchemas(options.db, request.orgId, namespace, items, new Date(now()));
      return items;
    });

  const resolvedOf = (
    request: LoadRequest,
    namespace: PolicyNamespace,
  ): Promise<{ items: ResolvedPolicy[]; fetchedAt: Date; fromCache: boolean }> =>
    shared(`resolved|${request.orgId}|${request.orgUnitId}|${namespace}|${request.refresh}`, async () => {
      const cached = await readResolved(options.db, request.orgId, request.orgUnitId, namespace);
      const age = cached ? now() - cached.fetchedAt.getTime() : Infinity;
      if (cached && (request.refresh ? age < minRefresh : age < resolvedTtl))
        return { ...cached, fromCache: true };
      const items = await gate(request.orgId, () =>
        fetchResolved(request.api(), request.orgUnitId, namespace),
      );
      const fetchedAt = new Date(now());
      await writeResolved(options.db, request.orgId, request.orgUnitId, namespace, items, fetchedAt);
      return { items, fetchedAt, fromCache: false };
    });

  return {
    /** Every namespace of one OU, schemas and resolved values; Google errors become app errors. */
    async load(request: LoadRequest): Promise<NamespaceLoad[]> {
      const wanted = POLICY_NAMESPACES.filter(
        (namespace) => !request.namespaces || request.namespaces.includes(namespace),
      );
      try {
        return await Promise.all(
          wanted.map(async (namespace) => {
            try {
              const [schemas, resolved] = await Promise.all([
                schemasOf(request, namespace),
                resolvedOf(request, namespace),
              ]);
              return {
                namespace,
                schemas,
                resolved: resolved.items,
                fetchedAt: resolved.fetchedAt,
                fromCache: resolved.fromCache,
                skipped: false,
              };
            } catch (error) {
              if (!OPTIONAL_NAMESPACES.has(namespace) || !(error instanceof GoogleInvalidInputError))
                throw error;
              return skippedLoad(namespace, new Date(now()));
            }
          }),
        );
      } catch (error) {
        throw toPolicyError(error);
      }
    },
  };
}

export type PolicySource = ReturnType<typeof createPolicySource>;

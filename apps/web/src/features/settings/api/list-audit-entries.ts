import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AuditCategory, AuditPage } from '@fleetdeck/shared/audit-contract';
import { callIdentity } from '../../../lib/auth/identity-client.ts';

export interface AuditFilters {
  readonly action?: string;
  readonly category?: AuditCategory;
  readonly actorUserId?: string;
  /** ISO instants: from included, to excluded. */
  readonly from?: string;
  readonly to?: string;
  readonly outcome?: 'success' | 'failure';
}

const PAGE_SIZE = 50;

/** `GET /api/audit`: newest first, one keyset page per call. */
export function listAuditEntries(filters: AuditFilters, cursor: string | null): Promise<AuditPage> {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  for (const key of ['action', 'category', 'actorUserId', 'from', 'to', 'outcome'] as const) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  return callIdentity<AuditPage>(`/api/audit?${params.toString()}`);
}

export const auditEntriesQuery = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: ['audit', filters],
    queryFn: ({ pageParam }) => listAuditEntries(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/** Why: "Load more" follows the server's cursor; filters start a new list. */
export function useAuditEntries(filters: AuditFilters) {
  return useInfiniteQuery(auditEntriesQuery(filters));
}

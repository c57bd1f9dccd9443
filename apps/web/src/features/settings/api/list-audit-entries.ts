import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AuditCategory, AuditPage } from '@fleetdeck/shared/audit-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { settingsKeys } from './settings-query-keys.ts';

export interface AuditFilters {
  readonly action?: string;
  readonly category?: AuditCategory;
  readonly actorUserId?: string;
  /** Free text on the target's words or id. */
  readonly target?: string;
  /** ISO instants: from included, to excluded. */
  readonly from?: string;
  readonly to?: string;
  readonly outcome?: 'success' | 'failure';
  /** A change plan: its entries and those of every device change its run made. */
  readonly planId?: string;
}

const PAGE_SIZE = 50;

function filterParams(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of [
    'action',
    'category',
    'actorUserId',
    'target',
    'from',
    'to',
    'outcome',
    'planId',
  ] as const) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  return params;
}

/** `GET /api/audit`: newest first, one keyset page per call. */
export function listAuditEntries(filters: AuditFilters, cursor: string | null): Promise<AuditPage> {
  const params = filterParams(filters);
  params.set('limit', String(PAGE_SIZE));
  if (cursor) params.set('cursor', cursor);
  return apiFetch<AuditPage>(`/api/audit?${params.toString()}`);
}

/** `GET /api/audit/export.csv`: the browser downloads it (the server streams every matching entry). */
export function auditExportUrl(filters: AuditFilters): string {
  const params = filterParams(filters).toString();
  return `/api/audit/export.csv${params ? `?${params}` : ''}`;
}

export const auditEntriesQuery = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: settingsKeys.auditEntries(filters),
    queryFn: ({ pageParam }) => listAuditEntries(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/** Why: "Load more" follows the server's cursor; filters start a new list. */
export function useAuditEntries(filters: AuditFilters) {
  return useInfiniteQuery(auditEntriesQuery(filters));
}

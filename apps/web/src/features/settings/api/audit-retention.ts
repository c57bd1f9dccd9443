import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuditRetention } from '@fleetdeck/shared/audit-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { settingsKeys } from './settings-query-keys.ts';

export const auditRetentionQuery = queryOptions({
  queryKey: settingsKeys.auditRetention,
  queryFn: () => apiFetch<AuditRetention>('/api/audit/retention'),
});

export function useAuditRetention() {
  return useQuery(auditRetentionQuery);
}

/** `PUT /api/audit/retention` (owners): how many days entries are kept. */
export function useSetAuditRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AuditRetention) =>
      apiFetch<AuditRetention>('/api/audit/retention', { method: 'PUT', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.audit }),
  });
}

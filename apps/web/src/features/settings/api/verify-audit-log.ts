import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuditVerifyResult } from '@fleetdeck/shared/audit-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { settingsKeys } from './settings-query-keys.ts';

/** `POST /api/audit/verify`: the server walks the organization's hash chain. */
export function verifyAuditLog(): Promise<AuditVerifyResult> {
  return apiFetch<AuditVerifyResult>('/api/audit/verify', { method: 'POST' });
}

/** Why: the check is itself an entry of the log, so the list is refreshed after it. */
export function useVerifyAuditLog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyAuditLog,
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.audit }),
  });
}

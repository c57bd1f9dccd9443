import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Invitation } from '@fleetdeck/shared/organization-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { settingsKeys } from './settings-query-keys.ts';

/** `GET /api/organization/invitations`. */
export function listInvitations(): Promise<{ invitations: Invitation[] }> {
  return apiFetch<{ invitations: Invitation[] }>('/api/organization/invitations');
}

export const invitationsQuery = queryOptions({
  queryKey: settingsKeys.invitations,
  queryFn: listInvitations,
});

/** Why: only people who manage members see pending invitations. */
export function useInvitations(enabled: boolean) {
  return useQuery({ ...invitationsQuery, enabled });
}

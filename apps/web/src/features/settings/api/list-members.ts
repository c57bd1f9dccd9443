import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Member } from '@fleetdeck/shared/organization-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { settingsKeys } from './settings-query-keys.ts';

/** `GET /api/organization/members`. */
export function listMembers(): Promise<{ members: Member[] }> {
  return apiFetch<{ members: Member[] }>('/api/organization/members');
}

export const membersQuery = queryOptions({ queryKey: settingsKeys.members, queryFn: listMembers });

/** Why: the team table and its actions share one cached list. */
export function useMembers(enabled: boolean) {
  return useQuery({ ...membersQuery, enabled });
}

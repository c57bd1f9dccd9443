import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Member } from '@fleetdeck/shared/organization-contract';
import { callIdentity } from '../../../lib/auth/identity-client.ts';

/** `GET /api/organization/members`. */
export function listMembers(): Promise<{ members: Member[] }> {
  return callIdentity<{ members: Member[] }>('/api/organization/members');
}

export const membersQuery = queryOptions({ queryKey: ['organization', 'members'], queryFn: listMembers });

/** Why: the team table and its actions share one cached list. */
export function useMembers(enabled: boolean) {
  return useQuery({ ...membersQuery, enabled });
}

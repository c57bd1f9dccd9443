import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { settingsKeys } from './settings-query-keys.ts';

export interface LinkedAccount {
  readonly id: string;
  readonly providerId: string;
  readonly accountId: string;
  readonly createdAt: string;
  readonly scopes?: string[];
}

/** `GET /api/identity/list-accounts`: the identities (Google, email) this user signs in with. */
export function listAccounts(): Promise<LinkedAccount[]> {
  return apiFetch<LinkedAccount[]>('/api/identity/list-accounts');
}

export const accountsQuery = queryOptions({ queryKey: settingsKeys.accounts, queryFn: listAccounts });

/** Why: the identities card and its unlink action share one cached list. */
export function useAccounts() {
  return useQuery(accountsQuery);
}

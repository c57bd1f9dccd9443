import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-client.ts';

/**
 * Why: fleet data changes (check-ins, syncs) but not every second; 30 s of freshness avoids
 * refetch storms when switching pages, and apiFetch already retried network failures, so
 * TanStack only adds one more try for server errors and none for 4xx answers.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: true,
        retry: (failureCount, error) => {
          if (error instanceof ApiRequestError && error.status < 500) return false;
          return failureCount < 1;
        },
      },
      mutations: { retry: false },
    },
  });
}

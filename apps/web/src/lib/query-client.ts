import { QueryClient } from '@tanstack/react-query';

/**
 * Why: fleet data changes (check-ins, syncs) but not every second; 30 s of freshness avoids
 * refetch storms when switching pages. apiFetch already made its 3 attempts (seed §9), so
 * TanStack adds none: a failed query shows its error at once.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: true,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

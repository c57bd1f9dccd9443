import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GoogleConnection, OnboardingStatusResponse } from '@fleetdeck/shared/organization-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { settingsKeys } from './settings-query-keys.ts';

/** `GET /api/onboarding/status`, read here for the organization's Google connection. */
export function getGoogleConnection(): Promise<OnboardingStatusResponse> {
  return apiFetch<OnboardingStatusResponse>('/api/onboarding/status');
}

export const googleConnectionQuery = queryOptions({
  queryKey: settingsKeys.googleConnection,
  queryFn: getGoogleConnection,
});

/** Why: the Google settings page shows the customer, the status and any missing access. */
export function useGoogleConnection() {
  return useQuery(googleConnectionQuery);
}

/** `GET /api/organization/google-connection`: whose grant the organization runs on, since when, with which scopes. */
export const googleGrantQuery = queryOptions({
  queryKey: settingsKeys.googleGrant,
  queryFn: () => apiFetch<GoogleConnection>('/api/organization/google-connection'),
});

export function useGoogleGrant() {
  return useQuery(googleGrantQuery);
}

/** `POST /api/onboarding/connect` from Settings: an owner puts the organization on their own grant (step-up first). */
export function useReplaceGoogleGrant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<OnboardingStatusResponse>('/api/onboarding/connect', { body: {} }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: googleGrantQuery.queryKey });
      await queryClient.invalidateQueries({ queryKey: googleConnectionQuery.queryKey });
    },
  });
}

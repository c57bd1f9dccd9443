import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OnboardingStatusResponse } from '@fleetdeck/shared/organization-contract';
import { callIdentity } from '../../../lib/auth/identity-client.ts';

/** `GET /api/onboarding/status`, read here for the organization's Google connection. */
export function getGoogleConnection(): Promise<OnboardingStatusResponse> {
  return callIdentity<OnboardingStatusResponse>('/api/onboarding/status');
}

export const googleConnectionQuery = queryOptions({
  queryKey: ['settings', 'google-connection'],
  queryFn: getGoogleConnection,
});

/** Why: the Google settings page shows the customer, the status and any missing access. */
export function useGoogleConnection() {
  return useQuery(googleConnectionQuery);
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OnboardingStatusResponse } from '@fleetdeck/shared/organization-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { onboardingKeys } from './onboarding-query-keys.ts';

/** `GET /api/onboarding/status`: where this admin's organization is in its setup. */
export function getOnboardingStatus(): Promise<OnboardingStatusResponse> {
  return apiFetch<OnboardingStatusResponse>('/api/onboarding/status');
}

export const onboardingStatusQuery = queryOptions({
  queryKey: onboardingKeys.status,
  queryFn: getOnboardingStatus,
  staleTime: 0,
});

/** Why: every onboarding step renders from the server's answer, so a reload resumes where it was. */
export function useOnboardingStatus() {
  return useQuery(onboardingStatusQuery);
}

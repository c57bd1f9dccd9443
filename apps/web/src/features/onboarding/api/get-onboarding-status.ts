import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OnboardingStatusResponse } from '@fleetdeck/shared/organization-contract';
import { callIdentity } from '../../../lib/auth/identity-client.ts';

/** `GET /api/onboarding/status`: where this admin's organization is in its setup. */
export function getOnboardingStatus(): Promise<OnboardingStatusResponse> {
  return callIdentity<OnboardingStatusResponse>('/api/onboarding/status');
}

export const onboardingStatusQuery = queryOptions({
  queryKey: ['onboarding', 'status'],
  queryFn: getOnboardingStatus,
  staleTime: 0,
});

/** Why: every onboarding step renders from the server's answer, so a reload resumes where it was. */
export function useOnboardingStatus() {
  return useQuery(onboardingStatusQuery);
}

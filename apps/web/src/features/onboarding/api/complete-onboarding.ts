import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OnboardingStatusResponse } from '@fleetdeck/shared/organization-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { onboardingStatusQuery } from './get-onboarding-status.ts';

/** `POST /api/onboarding/complete`: the organization is set up; members reach the product pages. */
export function completeOnboarding(): Promise<OnboardingStatusResponse> {
  return apiFetch<OnboardingStatusResponse>('/api/onboarding/complete', { body: {} });
}

/** Why: the answer is the new status; the cache takes it as is. */
export function useCompleteOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeOnboarding,
    onSuccess: (status) => queryClient.setQueryData(onboardingStatusQuery.queryKey, status),
  });
}

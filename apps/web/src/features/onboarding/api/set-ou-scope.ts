import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OnboardingStatusResponse } from '@fleetdeck/shared/organization-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { onboardingStatusQuery } from './get-onboarding-status.ts';

/** `POST /api/onboarding/ou-scope`: the organizational unit subtree Fleetdeck manages. */
export function setOuScope(ouPath: string): Promise<OnboardingStatusResponse> {
  return apiFetch<OnboardingStatusResponse>('/api/onboarding/ou-scope', { body: { ouPath } });
}

/** Why: the answer is the new status; the cache takes it as is. */
export function useSetOuScope() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOuScope,
    onSuccess: (status) => queryClient.setQueryData(onboardingStatusQuery.queryKey, status),
  });
}

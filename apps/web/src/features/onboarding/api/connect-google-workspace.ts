import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OnboardingStatusResponse } from '@fleetdeck/shared/organization-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { onboardingStatusQuery } from './get-onboarding-status.ts';

/** `POST /api/onboarding/connect`: proves the Google grant and creates or joins the organization. */
export function connectGoogleWorkspace(): Promise<OnboardingStatusResponse> {
  return apiFetch<OnboardingStatusResponse>('/api/onboarding/connect', { body: {} });
}

/** Why: the answer is the new status; the cache takes it as is. */
export function useConnectGoogleWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: connectGoogleWorkspace,
    onSuccess: (status) => queryClient.setQueryData(onboardingStatusQuery.queryKey, status),
  });
}

import { onboardingStatusKeys } from '../../../api/onboarding-status.ts';

/** Why: one place names every cached query of onboarding (the status is shared with the app's shell). */
export const onboardingKeys = {
  status: onboardingStatusKeys.status,
  myAccessRequest: ['access-requests', 'mine'] as const,
};

import type { OnboardingStatusResponse, OnboardingStep } from '@fleetdeck/shared/organization-contract';
import { roleCan } from '@fleetdeck/shared/permissions';

/** The wizard's cards in order: connect, OU scope, first sync; index 3 is past the last one. */
const STEP_INDEX: Readonly<Record<OnboardingStep, 0 | 1 | 2 | 3>> = {
  signed_in: 0,
  connected: 1,
  scope_chosen: 2,
  complete: 3,
};

/** Why: the wizard shows the step the server records, so a reload or another tab resumes there. */
export function currentStepIndex(status: Pick<OnboardingStatusResponse, 'step'>): 0 | 1 | 2 | 3 {
  return STEP_INDEX[status.step];
}

/**
 * Why: "Go to the dashboard" also records, once, that an admin finished onboarding (audited);
 * members who may not change settings, or a finish already recorded, just go.
 */
export function recordsFinish(status: Pick<OnboardingStatusResponse, 'organization' | 'progress'>): boolean {
  return roleCan(status.organization?.role, 'settings.manage') && status.progress?.completedAt === null;
}

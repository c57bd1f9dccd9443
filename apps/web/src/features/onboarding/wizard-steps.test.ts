import { describe, expect, it } from 'vitest';
import type { OnboardingStatusResponse } from '@fleetdeck/shared/organization-contract';
import type { MemberRole } from '@fleetdeck/shared/permissions';
import { currentStepIndex, recordsFinish } from './wizard-steps.ts';

const status = (
  step: OnboardingStatusResponse['step'],
  role: MemberRole = 'owner',
  completedAt: string | null = null,
): OnboardingStatusResponse => ({
  step,
  onboarded: step === 'complete',
  organization: {
    id: 'org-1',
    name: 'springfield.example',
    customerId: 'C01234567',
    primaryDomain: 'springfield.example',
    managedOuPath: '/',
    role,
  },
  google: { status: 'connected', missingScopes: [] },
  progress: {
    scopeChosenAt: step === 'scope_chosen' || step === 'complete' ? '2025-01-01T00:00:00.000Z' : null,
    firstSync: null,
    completedAt,
  },
});

describe('the onboarding wizard steps', () => {
  it('resumes at the step the server records, not at the scope step after a reload', () => {
    expect(currentStepIndex(status('signed_in'))).toBe(0);
    expect(currentStepIndex(status('connected'))).toBe(1);
    expect(currentStepIndex(status('scope_chosen'))).toBe(2);
    expect(currentStepIndex(status('complete'))).toBe(3);
  });

  it('records the finish once, by a member who may change settings', () => {
    expect(recordsFinish(status('complete'))).toBe(true);
    expect(recordsFinish(status('complete', 'admin'))).toBe(true);
    expect(recordsFinish(status('complete', 'owner', '2025-01-02T00:00:00.000Z'))).toBe(false);
    expect(recordsFinish(status('complete', 'technician'))).toBe(false);
    expect(recordsFinish(status('complete', 'viewer'))).toBe(false);
    expect(recordsFinish({ organization: null, progress: null })).toBe(false);
  });
});

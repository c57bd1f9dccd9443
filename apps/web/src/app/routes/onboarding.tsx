import { OnboardingWizard } from '../../features/onboarding/components/onboarding-wizard.tsx';
import { FirstSync } from '../../features/sync/components/first-sync.tsx';

/**
 * `/onboarding`: first-visit setup, reached after sign-in when the organization is new; for someone
 * whose organization uses Fleetdeck already, asking to join it.
 */
export function Component() {
  return (
    <div className="mx-auto max-w-3xl">
      <OnboardingWizard
        firstSync={(finish, onSucceeded) => <FirstSync finish={finish} onSucceeded={onSucceeded} />}
      />
    </div>
  );
}

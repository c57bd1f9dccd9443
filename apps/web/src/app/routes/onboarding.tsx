import { PageHeader } from '../../components/page-header.tsx';
import { OnboardingWizard } from '../../features/onboarding/components/onboarding-wizard.tsx';
import { FirstSync } from '../../features/sync/components/first-sync.tsx';

/** `/onboarding`: first-visit setup, reached after sign-in when the organization is new. */
export function Component() {
  return (
    <div className="mx-auto max-w-3xl">
      <title>Set up Fleetdeck · Fleetdeck</title>
      <PageHeader
        eyebrow="Setup"
        title="Set up Fleetdeck for your organization"
        description="Three steps, once per organization. You can leave and come back; progress is kept."
      />
      <OnboardingWizard
        firstSync={(finish, onSucceeded) => <FirstSync finish={finish} onSucceeded={onSucceeded} />}
      />
    </div>
  );
}

import type { ReactNode } from 'react';
import { Building, FolderTree, RefreshCcw } from 'lucide-react';
import type { OnboardingStatusResponse } from '@fleetdeck/shared/organization-contract';
import { roleCan } from '@fleetdeck/shared/permissions';
import { currentStepIndex } from '../wizard-steps.ts';
import { ConnectStep } from './connect-step.tsx';
import { OuScopeStep } from './ou-scope-step.tsx';
import { StepCard, type StepState } from './step-card.tsx';

const state = (step: number, current: number): StepState =>
  step < current ? 'done' : step === current ? 'current' : 'upcoming';

/** Step 1: connect Google Workspace; once done, which customer it is. */
function ConnectStepCard({
  data,
  current,
  onAskToJoin,
}: {
  data: OnboardingStatusResponse;
  current: number;
  onAskToJoin: (organizationName: string) => void;
}) {
  const org = data.organization;
  const connected = data.google?.status === 'connected' && org !== null;
  return (
    <StepCard
      index={1}
      icon={Building}
      title="Connect your Google Workspace"
      state={state(0, current)}
      summary={
        connected ? (
          <span data-testid="connected-customer">
            Connected to <strong className="text-foreground">{org.primaryDomain ?? org.name}</strong>{' '}
            (customer {org.customerId}).
          </span>
        ) : (
          'Fleetdeck checks that your Google account can read Chrome devices, organizational units and policies, and which customer it belongs to.'
        )
      }
    >
      <ConnectStep status={data} onAskToJoin={onAskToJoin} />
    </StepCard>
  );
}

/** Step 2: the OU scope, chosen by an owner or admin. */
function ScopeStepCard({ data, current }: { data: OnboardingStatusResponse; current: number }) {
  const org = data.organization;
  return (
    <StepCard
      index={2}
      icon={FolderTree}
      title="Choose what Fleetdeck manages"
      state={state(1, current)}
      summary={
        current > 1 && org ? (
          <span>
            Managing <code className="font-mono text-foreground">{org.managedOuPath}</code> and below.
          </span>
        ) : (
          'All of your organization (/), or one organizational unit and everything below it.'
        )
      }
    >
      {roleCan(org?.role, 'settings.manage') && org ? (
        <OuScopeStep initialPath={org.managedOuPath} />
      ) : (
        <p>An owner or admin of your organization chooses this. Ask them to finish setup.</p>
      )}
    </StepCard>
  );
}

/** Step 3: the first sync, whose content the route supplies with the finishing button. */
function FirstSyncStepCard({
  data,
  current,
  done,
  content,
}: {
  data: OnboardingStatusResponse;
  current: number;
  /** The first sync succeeded on this page: the step reads as done while it shows the result. */
  done: boolean;
  content: () => ReactNode;
}) {
  return (
    <StepCard
      index={3}
      icon={RefreshCcw}
      title="First sync"
      state={state(2, current)}
      finished={done}
      summary={
        current > 2 && data.progress?.firstSync?.status === 'succeeded'
          ? 'Done: your devices and organizational units are in Fleetdeck, which keeps them up to date on its own.'
          : 'Fleetdeck copies your devices and organizational units from Google, several organizational units at a time. You watch it happen here.'
      }
    >
      {roleCan(data.organization?.role, 'sync.run') ? (
        content()
      ) : (
        <p>An owner, admin or technician of your organization starts the first sync.</p>
      )}
    </StepCard>
  );
}

/** The three setup steps; the current one is the one the server records. */
export function SetupSteps({
  data,
  firstSyncDone,
  firstSync,
  onAskToJoin,
}: {
  data: OnboardingStatusResponse;
  firstSyncDone: boolean;
  /** Renders the first sync's content, from the route. */
  firstSync: () => ReactNode;
  onAskToJoin: (organizationName: string) => void;
}) {
  const current = currentStepIndex(data);
  return (
    <ol className="flex flex-col gap-4" aria-label="Setup steps">
      <ConnectStepCard data={data} current={current} onAskToJoin={onAskToJoin} />
      <ScopeStepCard data={data} current={current} />
      <FirstSyncStepCard data={data} current={current} done={firstSyncDone} content={firstSync} />
    </ol>
  );
}

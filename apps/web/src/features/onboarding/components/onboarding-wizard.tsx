import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Building, FolderTree, KeyRound, RefreshCcw } from 'lucide-react';
import { roleCan } from '@fleetdeck/shared/permissions';
import { PageHeader } from '../../../components/page-header.tsx';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ONBOARDING_FLAG_KEY, ONBOARDING_FLAG_VALUE } from '../../../lib/auth/auth-navigation.ts';
import { authClient, rememberOnboarded } from '../../../lib/auth/browser-auth.ts';
import { useAuthSession } from '../../../lib/auth/use-auth-session.ts';
import { useCompleteOnboarding } from '../api/complete-onboarding.ts';
import { useMyAccessRequest } from '../api/access-request.ts';
import { onboardingStatusQuery, useOnboardingStatus } from '../api/get-onboarding-status.ts';
import { JoinScreen, NoOrganizationScreen } from './join-screen.tsx';
import { currentStepIndex, recordsFinish } from '../wizard-steps.ts';
import { ConnectStep, ReconnectGoogleButton } from './connect-step.tsx';
import { OuScopeStep } from './ou-scope-step.tsx';
import { StepCard, type StepState } from './step-card.tsx';

const state = (step: number, current: number): StepState =>
  step < current ? 'done' : step === current ? 'current' : 'upcoming';

/**
 * First-visit setup: connect Google Workspace, choose the OU scope, first sync, then the dashboard.
 * The current step is the one the server records, so leaving and coming back resumes there. The
 * first sync's content comes from the route (`firstSync`), which is handed the finishing button; it
 * is shown only while the server says the first sync is the current step.
 */
export function OnboardingWizard({
  firstSync,
}: {
  firstSync: (finish: ReactNode, onSucceeded: () => void) => ReactNode;
}) {
  const status = useOnboardingStatus();
  const queryClient = useQueryClient();
  const outsider = status.data?.organization === null;
  const myRequest = useMyAccessRequest(outsider);
  const requestStatus = myRequest.data?.request?.status;
  const { session } = useAuthSession();
  const navigate = useNavigate();
  const complete = useCompleteOnboarding();
  // The first sync succeeded on this page: its step reads as done while it shows the result.
  const [firstSyncDone, setFirstSyncDone] = useState(false);
  // Connecting found the Workspace set up already (by someone else): this person asks to join it.
  const [refusedBy, setRefusedBy] = useState<string>();

  const finish = () => {
    if (session) rememberOnboarded(session.user.id);
    window.localStorage.setItem(ONBOARDING_FLAG_KEY, ONBOARDING_FLAG_VALUE);
    void navigate('/dashboard');
  };

  // An approval arrives while the requester waits: the signed-in user is read again (the menu and
  // every page go by the role and units it names), then the status, which now names the
  // organization; once it is set up, the new member goes straight to the dashboard.
  const joinedOnboarded = requestStatus === 'approved' && status.data?.onboarded === true;
  useEffect(() => {
    if (outsider && requestStatus === 'approved')
      void authClient
        .reloadUser()
        .catch(() => null)
        .then(() => queryClient.invalidateQueries({ queryKey: onboardingStatusQuery.queryKey }));
  }, [outsider, requestStatus, queryClient]);
  useEffect(() => {
    if (joinedOnboarded) finish();
    // `finish` is recreated each render; the move happens once, when the approval lands.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [joinedOnboarded]);

  if (status.isPending || (outsider && myRequest.isPending)) return <Skeleton className="h-64 w-full" />;
  if (status.isError) return <FormMessage>{status.error.message}</FormMessage>;
  const data = status.data;
  const waiting = myRequest.data?.request;
  const join = myRequest.data?.join;
  if (data.organization === null) {
    if (waiting && (waiting.status === 'pending' || waiting.status === 'declined'))
      return <JoinScreen organizationName={waiting.organizationName} request={waiting} />;
    const askingFor = join?.kind === 'ask' ? join.organizationName : refusedBy;
    if (askingFor !== undefined) return <JoinScreen organizationName={askingFor} />;
    if (join?.kind === 'no_organization') return <NoOrganizationScreen message={join.message} />;
  }
  const org = data.organization;
  const connected = data.google?.status === 'connected' && org !== null;
  const current = currentStepIndex(data);
  const manages = roleCan(org?.role, 'settings.manage');
  // Replacing the Google grant the organization runs on is the owner's alone (the server says the same).
  const reconnects = org?.role === 'owner';
  // Once the first sync succeeded the server counts the organization as set up, recorded or not.
  const goToDashboard = () =>
    recordsFinish(data) ? complete.mutate(undefined, { onSuccess: finish }) : finish();
  const finishButton = (
    <div className="flex flex-col gap-2">
      {complete.error ? <FormMessage>{complete.error.message}</FormMessage> : null}
      <Button className="self-start" disabled={complete.isPending} onClick={goToDashboard}>
        {complete.isPending ? 'Finishing…' : 'Go to the dashboard'}
      </Button>
    </div>
  );

  // An organization that was set up and then lost its Google grant: say so, and that nothing is lost.
  const lostGoogle = data.google?.status === 'needs_reconsent' && org !== null;

  return (
    <div className="flex flex-col gap-6">
      <title>Set up Fleetdeck · Fleetdeck</title>
      <PageHeader
        eyebrow="Setup"
        title="Set up Fleetdeck for your organization"
        description="Three steps, once per organization. You can leave and come back; progress is kept."
      />
      {lostGoogle ? (
        <Banner tone="warning" icon={<KeyRound aria-hidden="true" />} data-testid="google-access-lost">
          Fleetdeck lost access to Google Workspace for {org.name} (the grant was revoked or has expired), so
          it cannot read or change devices. Your settings, team and devices are kept.{' '}
          {reconnects
            ? 'Choose Reconnect Google and approve every requested access, then Connect Google Workspace.'
            : 'Ask an owner of your organization to reconnect Google.'}
        </Banner>
      ) : null}
      {data.onboarded ? (
        <FormMessage tone="success">
          {org?.name ?? 'Your organization'} is set up. You can go to the dashboard.
        </FormMessage>
      ) : null}
      <ol className="flex flex-col gap-4" aria-label="Setup steps">
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
          <ConnectStep status={data} onAskToJoin={setRefusedBy} />
        </StepCard>
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
          {manages && org ? (
            <OuScopeStep initialPath={org.managedOuPath} />
          ) : (
            <p>An owner or admin of your organization chooses this. Ask them to finish setup.</p>
          )}
        </StepCard>
        <StepCard
          index={3}
          icon={RefreshCcw}
          title="First sync"
          state={state(2, current)}
          finished={firstSyncDone}
          summary={
            current > 2 && data.progress?.firstSync?.status === 'succeeded'
              ? 'Done: your devices and organizational units are in Fleetdeck, which keeps them up to date on its own.'
              : 'Fleetdeck copies your devices and organizational units from Google, several organizational units at a time. You watch it happen here.'
          }
        >
          {roleCan(org?.role, 'sync.run') ? (
            firstSync(finishButton, () => setFirstSyncDone(true))
          ) : (
            <p>An owner, admin or technician of your organization starts the first sync.</p>
          )}
        </StepCard>
      </ol>
      {data.onboarded ? finishButton : null}
      {connected && (data.google?.missingScopes.length ?? 0) > 0 ? (
        reconnects ? (
          <ReconnectGoogleButton label="Reconnect Google to grant the missing access" />
        ) : (
          <p className="text-sm text-muted-foreground" data-testid="missing-access-ask">
            Google has not granted Fleetdeck every access it needs. Ask an owner of your organization to
            reconnect Google and grant the missing access.
          </p>
        )
      ) : null}
    </div>
  );
}

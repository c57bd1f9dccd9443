import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import type { MyAccessRequest, OnboardingStatusResponse } from '@fleetdeck/shared/organization-contract';
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
import { recordsFinish } from '../wizard-steps.ts';
import { ReconnectGoogleButton } from './connect-step.tsx';
import { SetupSteps } from './setup-steps.tsx';

/** Setup is over: remember it on this browser and go to the dashboard. */
function useFinish() {
  const { session } = useAuthSession();
  const navigate = useNavigate();
  return () => {
    if (session) rememberOnboarded(session.user.id);
    window.localStorage.setItem(ONBOARDING_FLAG_KEY, ONBOARDING_FLAG_VALUE);
    void navigate('/dashboard');
  };
}

/**
 * An approval arrives while the requester waits: the signed-in user is read again (the menu and
 * every page go by the role and units it names), then the status, which now names the
 * organization; once it is set up, the new member goes straight to the dashboard.
 */
function useJoinApproval(outsider: boolean, approved: boolean, onboarded: boolean, finish: () => void) {
  const queryClient = useQueryClient();
  const joinedOnboarded = approved && onboarded;
  useEffect(() => {
    if (outsider && approved)
      void authClient
        .reloadUser()
        .catch(() => null)
        .then(() => queryClient.invalidateQueries({ queryKey: onboardingStatusQuery.queryKey }));
  }, [outsider, approved, queryClient]);
  useEffect(() => {
    if (joinedOnboarded) finish();
    // `finish` is recreated each render; the move happens once, when the approval lands.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [joinedOnboarded]);
}

/** Someone outside any organization: their request to join, the one to ask, or why there is none. */
function outsiderScreen(mine: MyAccessRequest | undefined, refusedBy: string | undefined): ReactNode {
  const waiting = mine?.request;
  const join = mine?.join;
  if (waiting && (waiting.status === 'pending' || waiting.status === 'declined'))
    return <JoinScreen organizationName={waiting.organizationName} request={waiting} />;
  const askingFor = join?.kind === 'ask' ? join.organizationName : refusedBy;
  if (askingFor !== undefined) return <JoinScreen organizationName={askingFor} />;
  if (join?.kind === 'no_organization') return <NoOrganizationScreen message={join.message} />;
  return null;
}

/**
 * Records the finish when the server needs it (else just leaves), with its progress and error. Both
 * places it shows share one `complete`, so they read the same.
 */
function FinishButton({
  data,
  complete,
  finish,
}: {
  data: OnboardingStatusResponse;
  complete: ReturnType<typeof useCompleteOnboarding>;
  finish: () => void;
}) {
  // Once the first sync succeeded the server counts the organization as set up, recorded or not.
  const goToDashboard = () =>
    recordsFinish(data) ? complete.mutate(undefined, { onSuccess: finish }) : finish();
  return (
    <div className="flex flex-col gap-2">
      {complete.error ? <FormMessage>{complete.error.message}</FormMessage> : null}
      <Button className="self-start" disabled={complete.isPending} onClick={goToDashboard}>
        {complete.isPending ? 'Finishing…' : 'Go to the dashboard'}
      </Button>
    </div>
  );
}

/** An organization that was set up and then lost its Google grant: say so, and that nothing is lost. */
function LostGoogleBanner({ orgName, reconnects }: { orgName: string; reconnects: boolean }) {
  return (
    <Banner tone="warning" icon={<KeyRound aria-hidden="true" />} data-testid="google-access-lost">
      Fleetdeck lost access to Google Workspace for {orgName} (the grant was revoked or has expired), so it
      cannot read or change devices. Your settings, team and devices are kept.{' '}
      {reconnects
        ? 'Choose Reconnect Google and approve every requested access, then Connect Google Workspace.'
        : 'Ask an owner of your organization to reconnect Google.'}
    </Banner>
  );
}

/** Google granted less than Fleetdeck needs: the owner reconnects, anyone else asks an owner to. */
function MissingAccess({ reconnects }: { reconnects: boolean }) {
  return reconnects ? (
    <ReconnectGoogleButton label="Reconnect Google to grant the missing access" />
  ) : (
    <p className="text-sm text-muted-foreground" data-testid="missing-access-ask">
      Google has not granted Fleetdeck every access it needs. Ask an owner of your organization to reconnect
      Google and grant the missing access.
    </p>
  );
}

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
  const outsider = status.data?.organization === null;
  const myRequest = useMyAccessRequest(outsider);
  const finish = useFinish();
  const complete = useCompleteOnboarding();
  // The first sync succeeded on this page: its step reads as done while it shows the result.
  const [firstSyncDone, setFirstSyncDone] = useState(false);
  // Connecting found the Workspace set up already (by someone else): this person asks to join it.
  const [refusedBy, setRefusedBy] = useState<string>();
  const approved = myRequest.data?.request?.status === 'approved';
  useJoinApproval(outsider, approved, status.data?.onboarded === true, finish);

  if (status.isPending || (outsider && myRequest.isPending)) return <Skeleton className="h-64 w-full" />;
  if (status.isError) return <FormMessage>{status.error.message}</FormMessage>;
  const data = status.data;
  const outsiderView = data.organization === null ? outsiderScreen(myRequest.data, refusedBy) : null;
  if (outsiderView) return outsiderView;
  const org = data.organization;
  const connected = data.google?.status === 'connected' && org !== null;
  // Replacing the Google grant the organization runs on is the owner's alone (the server says the same).
  const reconnects = org?.role === 'owner';
  const finishButton = <FinishButton data={data} complete={complete} finish={finish} />;

  return (
    <div className="flex flex-col gap-6">
      <title>Set up Fleetdeck · Fleetdeck</title>
      <PageHeader
        eyebrow="Setup"
        title="Set up Fleetdeck for your organization"
        description="Three steps, once per organization. You can leave and come back; progress is kept."
      />
      {data.google?.status === 'needs_reconsent' && org !== null ? (
        <LostGoogleBanner orgName={org.name} reconnects={reconnects} />
      ) : null}
      {data.onboarded ? (
        <FormMessage tone="success">
          {org?.name ?? 'Your organization'} is set up. You can go to the dashboard.
        </FormMessage>
      ) : null}
      <SetupSteps
        data={data}
        firstSyncDone={firstSyncDone}
        firstSync={() => firstSync(finishButton, () => setFirstSyncDone(true))}
        onAskToJoin={setRefusedBy}
      />
      {data.onboarded ? finishButton : null}
      {connected && (data.google?.missingScopes.length ?? 0) > 0 ? (
        <MissingAccess reconnects={reconnects} />
      ) : null}
    </div>
  );
}

import { useState } from 'react';
import { RefreshCcw } from 'lucide-react';
import type { OnboardingStatusResponse } from '@fleetdeck/shared/organization-contract';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { authClient } from '../../../lib/auth/browser-auth.ts';
import { startGoogleSignIn } from '../../../lib/auth/google-sign-in.ts';
import { ApiRequestError, hasErrorId } from '../../../lib/api-client.ts';
import { useConnectGoogleWorkspace } from '../api/connect-google-workspace.ts';
import { AskForAccess } from './access-request-panel.tsx';

function missingScopesOf(error: unknown): string[] {
  if (!(error instanceof ApiRequestError)) return [];
  const details = error.details as { missingScopes?: unknown } | undefined;
  return Array.isArray(details?.missingScopes) ? details.missingScopes.map(String) : [];
}

/** Why: a missing scope or a Google-less account is fixed by signing in with Google again, with consent. */
export function ReconnectGoogleButton({ label = 'Reconnect Google' }: { label?: string }) {
  const [error, setError] = useState<string>();
  return (
    <div className="flex flex-col gap-2">
      <Button
        variant="secondary"
        onClick={() =>
          void startGoogleSignIn('/onboarding').catch((failure: unknown) =>
            setError(failure instanceof Error ? failure.message : 'Google sign-in could not start.'),
          )
        }
      >
        <RefreshCcw aria-hidden="true" />
        {label}
      </Button>
      {error ? <FormMessage>{error}</FormMessage> : null}
    </div>
  );
}

/**
 * Why: connecting (or reconnecting) replaces the Google grant the whole organization runs on, so a
 * member whose role may not manage settings is told who can, instead of being offered buttons the
 * server refuses. Someone not yet in an organization connects their own Workspace.
 */
export function mayConnectGoogle(status: Pick<OnboardingStatusResponse, 'organization'>): boolean {
  return status.organization === null || status.organization.role === 'owner';
}

interface ConnectProps {
  readonly status: OnboardingStatusResponse;
  /** Connecting found the Workspace in Fleetdeck already: the person asks this organization instead. */
  readonly onAskToJoin: (organizationName: string) => void;
}

/** Step 1: check the Google grant and find the Workspace customer. */
export function ConnectStep({ status, onAskToJoin }: ConnectProps) {
  if (!mayConnectGoogle(status)) {
    return (
      <p data-testid="connect-not-allowed">
        Only an owner of your organization connects or reconnects Google Workspace. Ask one of them to do it;
        you can continue once they have.
      </p>
    );
  }
  return <ConnectControls status={status} onAskToJoin={onAskToJoin} />;
}

/** The connect step's controls, for someone who may connect the organization's Google grant. */
function ConnectControls({ status, onAskToJoin }: ConnectProps) {
  const connect = useConnectGoogleWorkspace();
  const [asking, setAsking] = useState(false);
  const onError = (error: unknown) => {
    if (!hasErrorId(error, 'access_request_required')) return;
    const details = error.details as { organizationName?: unknown } | undefined;
    onAskToJoin(
      typeof details?.organizationName === 'string' ? details.organizationName : 'your organization',
    );
  };
  const missing = [...(status.google?.missingScopes ?? []), ...missingScopesOf(connect.error)];
  const needsGoogle = hasErrorId(
    connect.error,
    'google_sign_in_required',
    'google_scopes_missing',
    'google_reconsent_required',
  );
  return (
    <div className="flex flex-col gap-3">
      {connect.error ? <FormMessage>{connect.error.message}</FormMessage> : null}
      {missing.length > 0 ? (
        <div className="rounded-md border border-border p-3 text-sm">
          <p className="font-medium text-foreground">Google did not grant:</p>
          <ul className="mt-1 list-disc pl-5 font-mono text-xs break-all">
            {missing.map((scope) => (
              <li key={scope}>{scope}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          disabled={connect.isPending}
          onClick={() =>
            connect.mutate(undefined, {
              onSuccess: () => void authClient.reloadUser().catch(() => null),
              onError,
            })
          }
        >
          {connect.isPending ? 'Checking your Workspace…' : 'Connect Google Workspace'}
        </Button>
        {needsGoogle || missing.length > 0 || status.google?.status === 'needs_reconsent' ? (
          <ReconnectGoogleButton />
        ) : null}
        {status.organization === null && !asking ? (
          <Button variant="ghost" onClick={() => setAsking(true)}>
            My organization already uses Fleetdeck
          </Button>
        ) : null}
      </div>
      {asking ? <AskForAccess /> : null}
    </div>
  );
}

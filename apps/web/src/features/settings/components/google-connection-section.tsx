import type { GoogleConnection, OnboardingStatusResponse } from '@fleetdeck/shared/organization-contract';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { startGoogleSignIn } from '../../../lib/auth/google-sign-in.ts';
import { useGoogleConnection, useGoogleGrant, useReplaceGoogleGrant } from '../api/get-google-connection.ts';
import { useMyMembership } from './use-my-role.ts';

type Grant = GoogleConnection | undefined;

/** The connected organization and whose Google grant it runs on, with the access granted. */
function ConnectionFacts({
  organization,
  grant,
}: {
  organization: OnboardingStatusResponse['organization'];
  grant: Grant;
}) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2">
      <dt className="text-muted-foreground">Organization</dt>
      <dd>{organization?.name ?? '—'}</dd>
      <dt className="text-muted-foreground">Primary domain</dt>
      <dd>{organization?.primaryDomain ?? '—'}</dd>
      <dt className="text-muted-foreground">Customer ID</dt>
      <dd className="font-mono">{organization?.customerId ?? '—'}</dd>
      <dt className="text-muted-foreground">Managed OU</dt>
      <dd className="font-mono">{organization?.managedOuPath ?? '—'}</dd>
      <dt className="text-muted-foreground">Runs on the grant of</dt>
      <dd data-testid="google-grant-holder">
        {grant?.grantedBy
          ? `${grant.grantedBy.name || grant.grantedBy.email} (${grant.grantedBy.email})`
          : '—'}
      </dd>
      <dt className="text-muted-foreground">Since</dt>
      <dd>{grant?.since ? new Date(grant.since).toLocaleString() : '—'}</dd>
      <dt className="text-muted-foreground">Access granted</dt>
      <dd>
        {grant && grant.scopes.length > 0 ? (
          <ul className="font-mono text-xs break-all">
            {grant.scopes.map((scope) => (
              <li key={scope}>{scope.replace('https://www.googleapis.com/auth/', '')}</li>
            ))}
          </ul>
        ) : (
          '—'
        )}
      </dd>
    </dl>
  );
}

/** The owner puts the organization on their own grant (after signing in with Google again if need be). */
function ReplaceGrant({ mine }: { mine: boolean }) {
  const replace = useReplaceGoogleGrant();
  return (
    <div className="flex flex-col gap-2">
      <p className="text-muted-foreground">
        Only owners replace the grant, after confirming it is them. Sign in with Google again if Fleetdeck
        should ask for consent, then put the organization on your grant.
      </p>
      {replace.error ? <FormMessage>{replace.error.message}</FormMessage> : null}
      {replace.isSuccess ? (
        <FormMessage tone="success">The organization now runs on your grant.</FormMessage>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void startGoogleSignIn('/settings/google')}>
          Sign in with Google again
        </Button>
        <Button disabled={replace.isPending} onClick={() => replace.mutate()}>
          {mine ? 'Refresh my grant' : 'Use my Google grant'}
        </Button>
      </div>
    </div>
  );
}

/** `/settings/google`: which Workspace customer is connected, its status and any missing access. */
export function GoogleConnectionSection() {
  const connection = useGoogleConnection();
  const grant = useGoogleGrant();
  const { role, userId } = useMyMembership();
  if (connection.isPending) return <Skeleton className="h-40 w-full" />;
  if (connection.isError) return <FormMessage>{connection.error.message}</FormMessage>;
  const { organization, google } = connection.data;
  const healthy = google?.status === 'connected' && google.missingScopes.length === 0;
  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-2">
          <CardTitle>Google Workspace connection</CardTitle>
          {healthy ? <Badge tone="success">Connected</Badge> : <Badge tone="warning">Needs attention</Badge>}
        </div>
        <CardDescription>Fleetdeck reads and changes Chrome devices with this grant.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-sm">
        <ConnectionFacts organization={organization} grant={grant.data} />
        {google?.status === 'needs_reconsent' ? (
          <FormMessage>
            Google refused the grant (revoked, or its admin lost rights). Fleetdeck does not retry: an owner
            must reconnect.
          </FormMessage>
        ) : null}
        {google && google.missingScopes.length > 0 ? (
          <FormMessage>
            Missing access: <span className="font-mono text-xs">{google.missingScopes.join(', ')}</span>
          </FormMessage>
        ) : null}
        {role === 'owner' ? (
          <ReplaceGrant mine={grant.data?.grantedBy?.userId === userId} />
        ) : (
          <p className="text-muted-foreground">Only an owner can replace the grant.</p>
        )}
      </CardContent>
    </Card>
  );
}

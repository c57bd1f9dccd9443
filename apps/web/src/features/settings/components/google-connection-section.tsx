import { roleCan } from '@fleetdeck/shared/permissions';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { startGoogleSignIn } from '../../../lib/auth/google-sign-in.ts';
import { useGoogleConnection } from '../api/get-google-connection.ts';
import { useMyMembership } from './use-my-role.ts';

/** `/settings/google`: which Workspace customer is connected, its status and any missing access. */
export function GoogleConnectionSection() {
  const connection = useGoogleConnection();
  const { role } = useMyMembership();
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
        <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2">
          <dt className="text-muted-foreground">Organization</dt>
          <dd>{organization?.name ?? '—'}</dd>
          <dt className="text-muted-foreground">Primary domain</dt>
          <dd>{organization?.primaryDomain ?? '—'}</dd>
          <dt className="text-muted-foreground">Customer ID</dt>
          <dd className="font-mono">{organization?.customerId ?? '—'}</dd>
          <dt className="text-muted-foreground">Managed OU</dt>
          <dd className="font-mono">{organization?.managedOuPath ?? '—'}</dd>
        </dl>
        {google?.status === 'needs_reconsent' ? (
          <FormMessage>Google asks for consent again: an admin must reconnect.</FormMessage>
        ) : null}
        {google && google.missingScopes.length > 0 ? (
          <FormMessage>
            Missing access: <span className="font-mono text-xs">{google.missingScopes.join(', ')}</span>
          </FormMessage>
        ) : null}
        {roleCan(role, 'settings.manage') ? (
          <Button
            variant="secondary"
            className="self-start"
            onClick={() => void startGoogleSignIn('/settings/google')}
          >
            Reconnect Google
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

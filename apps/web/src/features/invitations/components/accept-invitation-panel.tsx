import { Link, useSearchParams } from 'react-router';
import { MailCheck } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { useAuthSession } from '../../../lib/auth/use-auth-session.ts';
import { useAcceptInvitation } from '../api/accept-invitation.ts';

/** `/invitations/accept?token=`: the emailed link; the signed-in user joins the organization. */
export function AcceptInvitationPanel() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { session } = useAuthSession();
  const accept = useAcceptInvitation();
  return (
    <div className="mx-auto w-full max-w-md pt-[4vh]">
      <h1 className="text-2xl font-semibold tracking-tight">Join your team on Fleetdeck</h1>
      <Card className="mt-6">
        <CardContent className="flex flex-col gap-4">
          <div className="flex gap-3 text-sm text-muted-foreground">
            <MailCheck className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
            <p>
              You are signed in as <strong className="text-foreground">{session?.user.email}</strong>. The
              invitation must be for this address.
            </p>
          </div>
          {token === '' ? (
            <FormMessage>This link has no invitation in it. Open the link from the email again.</FormMessage>
          ) : null}
          {accept.error ? <FormMessage>{accept.error.message}</FormMessage> : null}
          {accept.isSuccess ? (
            <>
              <FormMessage tone="success">You joined the organization as {accept.data.role}.</FormMessage>
              <Button asChild>
                <Link to="/dashboard">Go to the dashboard</Link>
              </Button>
            </>
          ) : (
            <Button disabled={token === '' || accept.isPending} onClick={() => accept.mutate(token)}>
              {accept.isPending ? 'Joining…' : 'Accept invitation'}
            </Button>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

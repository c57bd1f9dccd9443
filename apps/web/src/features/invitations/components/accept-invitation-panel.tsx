import { Link, useSearchParams } from 'react-router';
import { MailCheck } from 'lucide-react';
import { INVITATION_LINK_MESSAGES, invitationLinkProblem } from '@fleetdeck/shared/invitation-link';
import type { InvitationPreview } from '@fleetdeck/shared/organization-contract';
import type { MemberRole } from '@fleetdeck/shared/permissions';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useAuthSession } from '../../../lib/auth/use-auth-session.ts';
import { useAcceptInvitation } from '../api/accept-invitation.ts';
import { useInvitationPreview } from '../api/get-invitation-preview.ts';

const ROLE_WORDS: Record<MemberRole, string> = {
  owner: 'an owner',
  admin: 'an admin',
  technician: 'a technician',
  viewer: 'a viewer',
};

/** Who asked, for which organization, role and units, and until when. */
function InvitationSummary({ preview }: { preview: InvitationPreview }) {
  return (
    <div className="flex gap-3 text-sm" data-testid="invitation-summary">
      <MailCheck className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
      <p className="text-muted-foreground">
        {preview.invitedBy ? `${preview.invitedBy} invited you` : 'You are invited'} to join{' '}
        <strong className="text-foreground">{preview.organizationName}</strong> as{' '}
        <strong className="text-foreground">{ROLE_WORDS[preview.role]}</strong>
        {preview.ouScope.length > 0 ? `, seeing ${preview.ouScope.join(', ')} and below` : ''}. The link works
        until {new Date(preview.expiresAt).toLocaleDateString()}.
      </p>
    </div>
  );
}

/** `/invitations/accept?token=`: the emailed link; the signed-in user joins the organization. */
export function AcceptInvitationPanel() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // A link without a whole token (cut short by a mail client or a copy) is explained here, unasked.
  const linkProblem = invitationLinkProblem(token);
  const { session } = useAuthSession();
  const preview = useInvitationPreview(token, linkProblem === null);
  const accept = useAcceptInvitation();
  const signedInAs = session?.user.email ?? '';
  const heading = preview.data
    ? `Join ${preview.data.organizationName} on Fleetdeck`
    : 'Join your team on Fleetdeck';
  return (
    <div className="mx-auto w-full max-w-md pt-[4vh]">
      <h1 className="text-2xl font-semibold tracking-tight break-words">{heading}</h1>
      <Card className="mt-6">
        <CardContent className="flex flex-col gap-4">
          {linkProblem ? <FormMessage>{INVITATION_LINK_MESSAGES[linkProblem]}</FormMessage> : null}
          {preview.isPending && linkProblem === null ? <Skeleton className="h-12 w-full" /> : null}
          {preview.data ? <InvitationSummary preview={preview.data} /> : null}
          {preview.error && !accept.isSuccess ? (
            // Sent to another address, the server names only that address (not the organization).
            <FormMessage>
              {preview.error.message}
              {signedInAs ? ` You are signed in as ${signedInAs}.` : ''}
            </FormMessage>
          ) : null}
          {accept.error ? <FormMessage>{accept.error.message}</FormMessage> : null}
          {accept.isSuccess ? (
            <>
              <FormMessage tone="success">
                You joined {preview.data?.organizationName ?? 'the organization'} as{' '}
                {ROLE_WORDS[accept.data.role]}.
              </FormMessage>
              <Button asChild>
                <Link to="/dashboard">Go to the dashboard</Link>
              </Button>
            </>
          ) : linkProblem ? null : (
            <Button disabled={!preview.data || accept.isPending} onClick={() => accept.mutate(token)}>
              {accept.isPending ? 'Joining…' : 'Accept invitation'}
            </Button>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

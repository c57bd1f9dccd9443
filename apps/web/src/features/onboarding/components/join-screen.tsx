import type { ReactNode } from 'react';
import { UserX } from 'lucide-react';
import type { MyAccessRequest } from '@fleetdeck/shared/organization-contract';
import { PageHeader } from '../../../components/page-header.tsx';
import { AccessRequestStatus, AskForAccess } from './access-request-panel.tsx';
import { ReconnectGoogleButton } from './connect-step.tsx';

type Request = NonNullable<MyAccessRequest['request']>;

/**
 * Why: someone asking to join an organization that already uses Fleetdeck sets nothing up, so they
 * see what they can do (ask, wait, ask again) without the setup's steps, which are not theirs.
 */
function JoinLayout({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <>
      <title>{`${title} · Fleetdeck`}</title>
      <PageHeader eyebrow="Access" title={title} description={description} />
      <section aria-label={title} className="flex flex-col gap-4 rounded-lg border border-border p-5">
        {children}
      </section>
    </>
  );
}

/** Asking to join (or, once asked, where the request stands). */
export function JoinScreen({ organizationName, request }: { organizationName: string; request?: Request }) {
  return (
    <JoinLayout
      title={`Join ${organizationName}`}
      description="You sign in with your own account; what you may see and do is given by an owner or admin of your organization."
    >
      {request ? (
        <AccessRequestStatus request={request} />
      ) : (
        <AskForAccess organizationName={organizationName} />
      )}
    </JoinLayout>
  );
}

/** Signed in, but in no organization and with none to ask: what went wrong, and the ways on. */
export function NoOrganizationScreen({ message }: { message: string }) {
  return (
    <JoinLayout
      title="No organization found"
      description="You are signed in, but Fleetdeck has nothing to show you yet."
    >
      <p className="flex items-start gap-2 text-sm" data-testid="no-organization">
        <UserX className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span>{message}</span>
      </p>
      <div className="self-start">
        <ReconnectGoogleButton label="Sign in with Google" />
      </div>
    </JoinLayout>
  );
}

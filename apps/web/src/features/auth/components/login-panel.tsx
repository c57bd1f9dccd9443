import { useEffect, useState, type ReactNode } from 'react';
import { INVITATION_LINK_MESSAGES, invitationLinkProblem } from '@fleetdeck/shared/invitation-link';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { Logo } from '../../../components/brand/logo.tsx';
import { NEXT_PATH_KEY, safeNext } from '../../../lib/auth/auth-navigation.ts';
import { owesSecondFactor } from '../../../lib/auth/auth-session.ts';
import { signOut } from '../../../lib/auth/sign-out.ts';
import { useAuthSession } from '../../../lib/auth/use-auth-session.ts';
import { describeGoogleError } from '../google-sign-in-error.ts';
import { EmailCodeForm } from './email-code-form.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { GoogleSignInButton } from './google-sign-in-button.tsx';
import { PasswordSignInForm } from './password-sign-in-form.tsx';
import { SecondFactorForm } from './second-factor-form.tsx';

function Frame({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col items-center pt-[4vh]">
      <Logo className="text-lg" />
      <h1 className="mt-6 text-2xl font-semibold tracking-tight">{title}</h1>
      <p className="mt-2 text-center text-sm text-muted-foreground">{subtitle}</p>
      <Card className="mt-8 w-full">
        <CardContent className="flex flex-col gap-5">{children}</CardContent>
      </Card>
    </div>
  );
}

/** A cut-short invitation link: signing in cannot mend it, so that is said first, not after the sign-in. */
function BrokenInvitationLink({ problem }: { problem: keyof typeof INVITATION_LINK_MESSAGES }) {
  return (
    <Frame title="This invitation link does not work" subtitle="Signing in will not help with this link.">
      <FormMessage>{INVITATION_LINK_MESSAGES[problem]}</FormMessage>
      <Button variant="secondary" asChild>
        <Link to="/login" onClick={() => window.sessionStorage.removeItem(NEXT_PATH_KEY)}>
          Sign in to Fleetdeck without the invitation
        </Link>
      </Button>
    </Frame>
  );
}

/** Google first; then, for members invited by email, an email code or a password. */
function SignInChoices({
  invited,
  next,
  googleError,
  onForgot,
}: {
  invited: boolean;
  next: string | undefined;
  googleError: string | undefined;
  onForgot: () => void;
}) {
  return (
    <Frame
      title={invited ? 'Sign in to accept your invitation' : 'Sign in to Fleetdeck'}
      subtitle={
        invited
          ? 'Use the address the invitation was sent to: with Google if it is a Google account, or with a code we email you.'
          : 'Use the Google Workspace account you manage your Chromebooks with.'
      }
    >
      {googleError ? <FormMessage>{googleError}</FormMessage> : null}
      <GoogleSignInButton next={next ?? '/dashboard'} />
      <div className="flex items-center gap-3 text-xs text-muted-foreground" role="separator">
        <span className="h-px flex-1 bg-border" />
        or, if you were invited by email
        <span className="h-px flex-1 bg-border" />
      </div>
      <Tabs defaultValue="code">
        <TabsList aria-label="Other ways to sign in">
          <TabsTrigger value="code">Email code</TabsTrigger>
          <TabsTrigger value="password">Password</TabsTrigger>
        </TabsList>
        <TabsContent value="code">
          <EmailCodeForm />
        </TabsContent>
        <TabsContent value="password">
          <PasswordSignInForm onForgot={onForgot} />
        </TabsContent>
      </Tabs>
      <p className="text-center text-xs text-muted-foreground">
        Fleetdeck never sees your Google password. Access can be revoked at any time from your Google account.
      </p>
    </Frame>
  );
}

/** `/login`: Google first; password and email code for members invited by email; the second factor. */
export function LoginPanel() {
  const [params, setParams] = useSearchParams();
  const { ready, session } = useAuthSession();
  const [forgot, setForgot] = useState(false);
  const next = safeNext(params.get('next'));
  const googleError = describeGoogleError(params.get('error'), params.get('error_description'));

  useEffect(() => {
    if (next) window.sessionStorage.setItem(NEXT_PATH_KEY, next);
  }, [next]);

  if (params.get('step') === 'second-factor' && session && owesSecondFactor(session)) {
    return (
      <Frame title="Two-step verification" subtitle="One more step to finish signing in.">
        <SecondFactorForm email={session.user.email} onCancel={() => void signOut('local')} />
      </Frame>
    );
  }
  if (ready && session && !owesSecondFactor(session)) {
    return (
      <Frame title="You are signed in" subtitle={`Signed in as ${session.user.email}.`}>
        <Button asChild>
          <Link to={next ?? '/dashboard'}>Continue to Fleetdeck</Link>
        </Button>
      </Frame>
    );
  }
  if (forgot) {
    return (
      <Frame title="Sign in to Fleetdeck" subtitle="We will email you a link to choose a password.">
        <ForgotPasswordForm onBack={() => setForgot(false)} />
      </Frame>
    );
  }
  // Opened from an invitation email: the person may have no Google Workspace admin account at all.
  const invited = next?.startsWith('/invitations/accept') === true;
  const linkProblem = invited && next ? invitationLinkProblem(invitationToken(next)) : null;
  if (linkProblem) return <BrokenInvitationLink problem={linkProblem} />;
  return (
    <SignInChoices
      invited={invited}
      next={next}
      googleError={googleError}
      onForgot={() => (setForgot(true), setParams({}, { replace: true }))}
    />
  );
}

/** The token of an `/invitations/accept?token=` path (empty when there is none). */
function invitationToken(path: string): string {
  return new URL(path, window.location.origin).searchParams.get('token') ?? '';
}

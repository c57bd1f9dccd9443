import { Info } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { Logo } from '../../../components/brand/logo.tsx';

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true">
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.7Z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24Z"
      />
      <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1Z" />
      <path
        fill="#EA4335"
        d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.9 3.6-4.9 6.7-4.9Z"
      />
    </svg>
  );
}

/** Sign-in with Google: what will happen, shown before the button works. */
export function LoginPanel() {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col items-center pt-[6vh]">
      <Logo className="text-lg" />
      <h1 className="mt-6 text-2xl font-semibold tracking-tight">Sign in to Fleetdeck</h1>
      <p className="mt-2 text-center text-sm text-muted-foreground">
        Use the Google Workspace account you manage your Chromebooks with.
      </p>
      <Card className="mt-8 w-full">
        <CardContent className="flex flex-col gap-5">
          <Button
            size="lg"
            variant="secondary"
            disabled
            aria-describedby="google-sign-in-note"
            className="w-full"
          >
            <GoogleMark />
            Sign in with Google
          </Button>
          <div
            id="google-sign-in-note"
            className="flex gap-3 rounded-md bg-muted p-3 text-sm text-muted-foreground"
          >
            <Info className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
            <div>
              <p className="font-medium text-foreground">Google sign-in is not switched on yet.</p>
              <p className="mt-1">
                Once it is, this button takes you to Google to choose your admin account and approve read
                access to your organization&apos;s Chrome devices and policies. You then come back here and
                land on your dashboard, or on a short setup if it is your organization&apos;s first visit.
              </p>
            </div>
          </div>
        </CardContent>
      </Card>
      <p className="mt-6 text-center text-xs text-muted-foreground">
        Fleetdeck never stores your Google password. Access can be revoked at any time from your Google
        account.
      </p>
    </div>
  );
}

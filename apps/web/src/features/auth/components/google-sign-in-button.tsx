import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { startGoogleSignIn } from '../../../lib/auth/google-sign-in.ts';
import { GoogleMark } from './google-mark.tsx';

/** The primary way in: a round trip to Google (or the local emulator) and back to `next`. */
export function GoogleSignInButton({ next }: { next: string }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const start = async () => {
    setPending(true);
    setError(undefined);
    try {
      await startGoogleSignIn(next);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Google sign-in could not start.');
      setPending(false);
    }
  };
  return (
    <div className="flex flex-col gap-3">
      <Button size="lg" className="w-full" disabled={pending} onClick={() => void start()}>
        <span className="flex size-6 items-center justify-center rounded-full bg-white">
          <GoogleMark />
        </span>
        {pending ? 'Opening Google…' : 'Sign in with Google'}
      </Button>
      {error ? <FormMessage>{error}</FormMessage> : null}
    </div>
  );
}

import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { signOut } from '../../../lib/auth/sign-out.ts';

/** Ends sessions on other devices, or everywhere including this one. */
export function SessionsCard() {
  const [result, setResult] = useState<{ tone: 'error' | 'success'; text: string }>();
  const [pending, setPending] = useState(false);
  const run = (scope: 'others' | 'global') => {
    setPending(true);
    signOut(scope)
      .then(() => {
        if (scope === 'others') setResult({ tone: 'success', text: 'Every other device was signed out.' });
      })
      .catch((error: unknown) =>
        setResult({ tone: 'error', text: error instanceof Error ? error.message : 'Sign-out failed.' }),
      )
      .finally(() => setPending(false));
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sessions</CardTitle>
        <CardDescription>
          Lost a laptop, or signed in on a shared computer? End those sessions here.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {result ? <FormMessage tone={result.tone}>{result.text}</FormMessage> : null}
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" disabled={pending} onClick={() => run('others')}>
            Sign out other devices
          </Button>
          <Button variant="danger" disabled={pending} onClick={() => run('global')}>
            Sign out everywhere
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { ShieldCheck } from 'lucide-react';
import type { StepUpMethod, StepUpRequiredDetails } from '@fleetdeck/shared/step-up';
import { apiFetch } from '../lib/api-client.ts';
import { setStepUpHandler } from '../lib/auth/step-up.ts';
import { Button } from './ui/button.tsx';
import { Dialog, DialogContent } from './ui/dialog.tsx';
import { Field } from './ui/field.tsx';
import { FormMessage } from './ui/form-message.tsx';
import { SafeTextForm } from './ui/safe-text-form.tsx';

interface Ask {
  readonly details: StepUpRequiredDetails;
  readonly message: string;
  readonly resolve: (proved: boolean) => void;
}

/**
 * The step-up dialog: mounted once, it answers every request the server holds for a fresh second
 * factor (deprovision, powerwash, role changes...). The member types their authenticator's code,
 * or asks for one by email; once the server accepts it, the held request is sent again.
 */
export function StepUpDialog() {
  const [ask, setAsk] = useState<Ask>();
  useEffect(
    () =>
      setStepUpHandler(
        (details, message) => new Promise<boolean>((resolve) => setAsk({ details, message, resolve })),
      ),
    [],
  );
  const close = (proved: boolean) => {
    ask?.resolve(proved);
    setAsk(undefined);
  };
  return (
    <Dialog open={ask !== undefined} onOpenChange={(open) => (open ? undefined : close(false))}>
      {ask ? (
        <DialogContent title="Confirm it is you" description={ask.message} data-testid="step-up-dialog">
          <StepUpForm method={ask.details.methods[0] ?? 'email_code'} onProved={() => close(true)} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

const call = (path: string, body?: unknown) =>
  // The proof itself is never held for a step-up.
  apiFetch<unknown>(path, body === undefined ? { method: 'POST', stepUp: false } : { body, stepUp: false });

function StepUpForm({ method, onProved }: { method: StepUpMethod; onProved: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const asked = useRef(false);

  const sendCode = async () => {
    setError(undefined);
    try {
      await call('/api/auth/step-up/email-code');
      setSent(true);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The code could not be sent.');
    }
  };
  useEffect(() => {
    // A member without an authenticator gets their code mailed as the dialog opens.
    if (method !== 'email_code' || asked.current) return;
    asked.current = true;
    void sendCode();
  }, [method]);

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await call('/api/auth/step-up', { method, code: code.trim() });
      onProved();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The code could not be checked.');
    } finally {
      setBusy(false);
    }
  };

  return (
    // A six-digit code only, kept to digits as typed: no text check needed (it stays off the first load).
    <SafeTextForm className="flex flex-col gap-3" onSubmit={(event) => void submit(event)}>
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <ShieldCheck className="size-4 shrink-0" aria-hidden="true" />
        {method === 'totp'
          ? 'Enter the 6-digit code your authenticator app shows now.'
          : sent
            ? 'We emailed you a 6-digit code. It holds for 10 minutes.'
            : 'Sending you a 6-digit code by email…'}
      </p>
      <Field
        id="step-up-code"
        label={method === 'totp' ? 'Authenticator code' : 'Code from the email'}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        maxLength={6}
        required
        autoFocus
        value={code}
        onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
      />
      {error ? <FormMessage>{error}</FormMessage> : null}
      <div className="flex flex-wrap justify-end gap-2">
        {method === 'email_code' ? (
          <Button type="button" variant="secondary" onClick={() => void sendCode()}>
            Send a new code
          </Button>
        ) : null}
        <Button type="submit" disabled={busy || code.length !== 6}>
          {busy ? 'Checking…' : 'Confirm'}
        </Button>
      </div>
    </SafeTextForm>
  );
}

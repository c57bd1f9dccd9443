import { useState, type SyntheticEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { validateOtpRecipient } from '../validation.ts';
import { SafeTextForm } from '../../../components/ui/safe-text-form.tsx';

/**
 * Asks for a link to choose a password, a new one or (for members who sign in with emailed codes)
 * a first one; the answer never says whether the address has an account.
 */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState<string>();
  const request = useRequestPasswordReset();
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const problem = validateOtpRecipient({ email });
    setInvalid(problem);
    if (!problem) request.mutate({ email });
  };
  const error = invalid ?? request.error?.message;
  return (
    <SafeTextForm className="flex flex-col gap-4" noValidate onSubmit={submit}>
      <h2 className="text-base font-semibold">Set or reset your password</h2>
      <p className="text-sm text-muted-foreground">
        Enter the email you sign in with. If it has a Fleetdeck account, we send a link that works for 30
        minutes to choose a password: a new one, or your first if you have signed in with emailed codes.
      </p>
      <Field
        id="forgot-email"
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      {error ? <FormMessage>{error}</FormMessage> : null}
      {request.isSuccess ? (
        <FormMessage tone="success">Check your email for a link to choose your password.</FormMessage>
      ) : null}
      <Button type="submit" variant="secondary" disabled={request.isPending}>
        {request.isPending ? 'Sending…' : 'Send link'}
      </Button>
      <Button variant="link" className="self-start" onClick={onBack}>
        Back to sign in
      </Button>
    </SafeTextForm>
  );
}

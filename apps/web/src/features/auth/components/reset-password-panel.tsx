import { useEffect, useState, type SyntheticEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { authClient } from '../../../lib/auth/browser-auth.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { validateNewPassword } from '../validation.ts';
import { SafeTextForm } from '../../../components/ui/safe-text-form.tsx';

/** `/reset-password?token=`: reached from the emailed link; announces PASSWORD_RECOVERY. */
export function ResetPasswordPanel() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const linkError = params.get('error');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [invalid, setInvalid] = useState<string>();
  const reset = useResetPassword();

  useEffect(() => {
    if (token) authClient.notifyPasswordRecovery();
  }, [token]);

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const problem = validateNewPassword(password, confirmation);
    setInvalid(problem);
    if (!problem && token) reset.mutate({ token, newPassword: password });
  };
  const error = invalid ?? reset.error?.message;
  return (
    <div className="mx-auto w-full max-w-md pt-[4vh]">
      <h1 className="text-2xl font-semibold tracking-tight">Choose your password</h1>
      <Card className="mt-6">
        <CardContent className="flex flex-col gap-4">
          {!token || linkError ? (
            <FormMessage>
              This reset link is invalid or has expired. Ask for a new one from the sign-in page.
            </FormMessage>
          ) : reset.isSuccess ? (
            <FormMessage tone="success">
              Your password is saved and every session was signed out. Sign in with the new password.
            </FormMessage>
          ) : (
            <SafeTextForm className="flex flex-col gap-4" noValidate onSubmit={submit}>
              <Field
                id="new-password"
                label="New password"
                type="password"
                autoComplete="new-password"
                hint="At least 12 characters."
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
              <Field
                id="confirm-password"
                label="Repeat the new password"
                type="password"
                autoComplete="new-password"
                value={confirmation}
                onChange={(event) => setConfirmation(event.target.value)}
              />
              {error ? <FormMessage>{error}</FormMessage> : null}
              <Button type="submit" disabled={reset.isPending}>
                {reset.isPending ? 'Saving…' : 'Save new password'}
              </Button>
            </SafeTextForm>
          )}
          <Button asChild variant="link" className="self-start">
            <Link to="/login">Back to sign in</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}

import { useState, type SyntheticEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { useSignInWithPassword } from '../api/sign-in-email.ts';
import { validatePasswordSignIn } from '../validation.ts';
import { SafeTextForm } from '../../../components/ui/safe-text-form.tsx';

/** Email and password, for members invited by email who did not use Google. */
export function PasswordSignInForm({ onForgot }: { onForgot: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [invalid, setInvalid] = useState<string>();
  const signIn = useSignInWithPassword();
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const problem = validatePasswordSignIn({ email, password });
    setInvalid(problem);
    if (!problem) signIn.mutate({ email, password });
  };
  const error = invalid ?? signIn.error?.message;
  return (
    <SafeTextForm className="flex flex-col gap-4" noValidate onSubmit={submit}>
      <Field
        id="password-email"
        label="Email"
        type="email"
        autoComplete="username"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <Field
        id="password-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      {error ? <FormMessage>{error}</FormMessage> : null}
      <Button type="submit" variant="secondary" disabled={signIn.isPending}>
        {signIn.isPending ? 'Signing in…' : 'Sign in with password'}
      </Button>
      <Button variant="link" className="self-start" onClick={onForgot}>
        Forgot password?
      </Button>
    </SafeTextForm>
  );
}

import { useState, type SyntheticEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { useSendEmailOtp } from '../api/send-email-otp.ts';
import { useSignInWithEmailOtp } from '../api/sign-in-email-otp.ts';
import { validateOtpRecipient, validateResend } from '../validation.ts';
import { SafeTextForm } from '../../../components/ui/safe-text-form.tsx';

const CODE_TYPE = 'sign-in';

/** A one-time code by email: send, resend, verify. Signing in the first time creates the account. */
export function EmailCodeForm() {
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string>();
  const [invalid, setInvalid] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const send = useSendEmailOtp();
  const verify = useSignInWithEmailOtp();

  const sendCode = (event: SyntheticEvent) => {
    event.preventDefault();
    const problem = validateOtpRecipient({ email });
    setInvalid(problem);
    if (problem) return;
    send.mutate(
      { email, type: CODE_TYPE },
      { onSuccess: () => (setSentTo(email.trim()), setNotice(`We sent a 6-digit code to ${email.trim()}.`)) },
    );
  };
  const resend = () => {
    const problem = validateResend({ email: sentTo, type: CODE_TYPE });
    setInvalid(problem);
    if (problem || !sentTo) return;
    send.mutate(
      { email: sentTo, type: CODE_TYPE },
      { onSuccess: () => setNotice(`We sent a new code to ${sentTo}.`) },
    );
  };
  const verifyCode = (event: SyntheticEvent) => {
    event.preventDefault();
    const problem = validateOtpRecipient({ email: sentTo });
    setInvalid(problem);
    if (problem || !sentTo) return;
    if (!/^\d{6}$/.test(code.trim())) {
      setInvalid('Enter the 6-digit code from the email.');
      return;
    }
    verify.mutate({ email: sentTo, otp: code });
  };

  const error = invalid ?? send.error?.message ?? verify.error?.message;
  if (sentTo === undefined) {
    return (
      <SafeTextForm className="flex flex-col gap-4" noValidate onSubmit={sendCode}>
        <Field
          id="otp-email"
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        {error ? <FormMessage>{error}</FormMessage> : null}
        <Button type="submit" variant="secondary" disabled={send.isPending}>
          {send.isPending ? 'Sending…' : 'Email me a code'}
        </Button>
      </SafeTextForm>
    );
  }
  return (
    <SafeTextForm className="flex flex-col gap-4" noValidate onSubmit={verifyCode}>
      {notice && !error ? <FormMessage tone="success">{notice}</FormMessage> : null}
      <Field
        id="otp-code"
        label="Code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        hint="The code expires after 5 minutes."
      />
      {error ? <FormMessage>{error}</FormMessage> : null}
      <Button type="submit" variant="secondary" disabled={verify.isPending}>
        {verify.isPending ? 'Checking…' : 'Verify and sign in'}
      </Button>
      <div className="flex flex-wrap gap-x-4">
        <Button variant="link" onClick={resend} disabled={send.isPending}>
          Resend code
        </Button>
        <Button
          variant="link"
          onClick={() => (setSentTo(undefined), setCode(''), setNotice(undefined), setInvalid(undefined))}
        >
          Use another email
        </Button>
      </div>
    </SafeTextForm>
  );
}

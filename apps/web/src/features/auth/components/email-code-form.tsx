import { useState, type SyntheticEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { useSendEmailOtp } from '../api/send-email-otp.ts';
import { useSignInWithEmailOtp } from '../api/sign-in-email-otp.ts';
import { validateOtpRecipient, validateResend } from '../validation.ts';
import { SafeTextForm } from '../../../components/ui/safe-text-form.tsx';

const CODE_TYPE = 'sign-in';

/** The email, the code, where it was sent and what to say; sending, resending and verifying. */
function useEmailCode() {
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
  const startOver = () => (setSentTo(undefined), setCode(''), setNotice(undefined), setInvalid(undefined));
  const error = invalid ?? send.error?.message ?? verify.error?.message;
  return {
    email,
    setEmail,
    code,
    setCode,
    sentTo,
    notice,
    error,
    send,
    verify,
    sendCode,
    resend,
    verifyCode,
    startOver,
  };
}

type EmailCode = ReturnType<typeof useEmailCode>;

/** First: the address to send the code to. */
function EmailStep({ form }: { form: EmailCode }) {
  return (
    <SafeTextForm className="flex flex-col gap-4" noValidate onSubmit={form.sendCode}>
      <Field
        id="otp-email"
        label="Email"
        type="email"
        autoComplete="email"
        value={form.email}
        onChange={(event) => form.setEmail(event.target.value)}
      />
      {form.error ? <FormMessage>{form.error}</FormMessage> : null}
      <Button type="submit" variant="secondary" disabled={form.send.isPending}>
        {form.send.isPending ? 'Sending…' : 'Email me a code'}
      </Button>
    </SafeTextForm>
  );
}

/** Then: the code from the email, or another code, or another address. */
function CodeStep({ form }: { form: EmailCode }) {
  const { error } = form;
  return (
    <SafeTextForm className="flex flex-col gap-4" noValidate onSubmit={form.verifyCode}>
      {form.notice && !error ? <FormMessage tone="success">{form.notice}</FormMessage> : null}
      <Field
        id="otp-code"
        label="Code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={form.code}
        onChange={(event) => form.setCode(event.target.value)}
        hint="The code expires after 5 minutes."
      />
      {error ? <FormMessage>{error}</FormMessage> : null}
      <Button type="submit" variant="secondary" disabled={form.verify.isPending}>
        {form.verify.isPending ? 'Checking…' : 'Verify and sign in'}
      </Button>
      <div className="flex flex-wrap gap-x-4">
        <Button variant="link" onClick={form.resend} disabled={form.send.isPending}>
          Resend code
        </Button>
        <Button variant="link" onClick={form.startOver}>
          Use another email
        </Button>
      </div>
    </SafeTextForm>
  );
}

/** A one-time code by email: send, resend, verify. Signing in the first time creates the account. */
export function EmailCodeForm() {
  const form = useEmailCode();
  return form.sentTo === undefined ? <EmailStep form={form} /> : <CodeStep form={form} />;
}

import { useState, type SyntheticEvent } from 'react';
import { ShieldCheck, ShieldOff } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { useAuthSession } from '../../../lib/auth/use-auth-session.ts';
import { useDisableTwoFactor } from '../api/disable-two-factor.ts';
import { useEnableTwoFactor, type TwoFactorEnrolment } from '../api/enable-two-factor.ts';
import { useTotpQrCode } from '../api/totp-qr-code.ts';
import { useVerifyTotpEnrolment } from '../api/verify-totp-enrolment.ts';
import { SafeTextForm } from '../../../components/ui/safe-text-form.tsx';

function secretOf(totpURI: string): string {
  try {
    return new URL(totpURI).searchParams.get('secret') ?? '';
  } catch {
    return '';
  }
}

function Enrolment({ enrolment }: { enrolment: TwoFactorEnrolment }) {
  const qr = useTotpQrCode(enrolment.totpURI);
  const verify = useVerifyTotpEnrolment();
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState<string>();
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const problem = /^\d{6}$/.test(code.trim()) ? undefined : 'Enter the 6-digit code your app shows.';
    setInvalid(problem);
    // Success re-reads the user (USER_UPDATED): the card then shows the factor as on.
    if (!problem) verify.mutate({ code });
  };
  const error = invalid ?? verify.error?.message;
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-4 sm:flex-row">
        <div className="flex size-44 shrink-0 items-center justify-center rounded-md border border-border bg-white p-2">
          {qr.data ? (
            <img src={qr.data.dataUrl} alt="QR code for your authenticator app" className="size-40" />
          ) : (
            <span className="text-xs text-neutral-500">{qr.isError ? qr.error.message : 'Drawing…'}</span>
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-2 text-sm">
          <p>
            1. Scan the code with your authenticator app (Google Authenticator, 1Password, Authy…), or enter
            this key:
          </p>
          <code className="rounded bg-muted px-2 py-1 font-mono text-xs break-all" data-testid="totp-secret">
            {secretOf(enrolment.totpURI)}
          </code>
          <p>2. Keep these backup codes somewhere safe. Each works once if you lose your phone:</p>
          <ul className="grid grid-cols-2 gap-1 font-mono text-xs" aria-label="Backup codes">
            {enrolment.backupCodes.map((backup) => (
              <li key={backup} className="rounded bg-muted px-2 py-1">
                {backup}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <SafeTextForm className="flex flex-col gap-3 sm:max-w-xs" noValidate onSubmit={submit}>
        <Field
          id="enrol-code"
          label="3. Code from the app"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        {error ? <FormMessage>{error}</FormMessage> : null}
        <Button type="submit" disabled={verify.isPending}>
          {verify.isPending ? 'Verifying…' : 'Verify and turn on'}
        </Button>
      </SafeTextForm>
    </div>
  );
}

/** Authenticator-app second factor: enrol with a QR code and backup codes, or turn it off. */
export function TwoFactorCard() {
  const { session } = useAuthSession();
  const enabled = session?.next_level === 'aal2';
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment>();
  const error = enable.error ?? disable.error;
  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-2">
          <CardTitle>Two-step verification</CardTitle>
          {enabled ? <Badge tone="success">On</Badge> : <Badge>Off</Badge>}
        </div>
        <CardDescription>
          With an authenticator app, every sign-in (Google included) asks for a code from your phone.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {error ? <FormMessage>{error.message}</FormMessage> : null}
        {/* Enrolment started on this visit and the factor is now verified: say so. */}
        {enrolment && enabled ? (
          <FormMessage tone="success">Two-step verification is on for your account.</FormMessage>
        ) : null}
        {enrolment && !enabled ? (
          <Enrolment enrolment={enrolment} />
        ) : enabled ? (
          <Button
            variant="secondary"
            className="self-start"
            disabled={disable.isPending}
            onClick={() => {
              if (window.confirm('Turn off two-step verification? Your backup codes stop working.'))
                disable.mutate({}, { onSuccess: () => setEnrolment(undefined) });
            }}
          >
            <ShieldOff aria-hidden="true" />
            Turn off two-step verification
          </Button>
        ) : (
          <Button
            className="self-start"
            disabled={enable.isPending}
            onClick={() => enable.mutate({}, { onSuccess: setEnrolment })}
          >
            <ShieldCheck aria-hidden="true" />
            Set up authenticator app
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

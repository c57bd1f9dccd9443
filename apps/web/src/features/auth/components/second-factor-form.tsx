import { useState, type SyntheticEvent } from 'react';
import { ShieldCheck } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { useVerifyBackupCode } from '../api/verify-backup-code.ts';
import { useVerifyTotp } from '../api/verify-totp.ts';
import { SafeTextForm } from '../../../components/ui/safe-text-form.tsx';

/** The second-factor challenge: the authenticator app's code, or one backup code. */
export function SecondFactorForm({ email, onCancel }: { email: string; onCancel: () => void }) {
  const [useBackup, setUseBackup] = useState(false);
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState<string>();
  const totp = useVerifyTotp();
  const backup = useVerifyBackupCode();
  const active = useBackup ? backup : totp;
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const value = code.trim();
    const problem = useBackup
      ? value.length < 6
        ? 'Enter one of your backup codes.'
        : undefined
      : /^\d{6}$/.test(value)
        ? undefined
        : 'Enter the 6-digit code from your authenticator app.';
    setInvalid(problem);
    if (!problem) active.mutate({ code: value });
  };
  const error = invalid ?? active.error?.message;
  return (
    <SafeTextForm className="flex flex-col gap-4" noValidate onSubmit={submit}>
      <div className="flex items-start gap-3">
        <ShieldCheck className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
        <p className="text-sm text-muted-foreground">
          {email} has two-step verification.{' '}
          {useBackup
            ? 'Enter one of the backup codes you kept when you set it up; each works once.'
            : 'Enter the code your authenticator app shows for Fleetdeck.'}
        </p>
      </div>
      <Field
        id="second-factor-code"
        label={useBackup ? 'Backup code' : 'Authentication code'}
        inputMode={useBackup ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        autoFocus
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      {error ? <FormMessage>{error}</FormMessage> : null}
      <Button type="submit" disabled={active.isPending}>
        {active.isPending ? 'Verifying…' : 'Verify'}
      </Button>
      <div className="flex flex-wrap gap-x-4">
        <Button
          variant="link"
          onClick={() => (setUseBackup(!useBackup), setCode(''), setInvalid(undefined), active.reset())}
        >
          {useBackup ? 'Use your authenticator app' : 'Use a backup code'}
        </Button>
        <Button variant="link" onClick={onCancel}>
          Sign out
        </Button>
      </div>
    </SafeTextForm>
  );
}

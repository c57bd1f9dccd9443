import { ResetPasswordPanel } from '../../features/auth/components/reset-password-panel.tsx';

/** `/reset-password?token=`: the page the emailed reset link opens. */
export function Component() {
  return (
    <>
      <title>Choose your password · Fleetdeck</title>
      <ResetPasswordPanel />
    </>
  );
}

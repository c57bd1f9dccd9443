import { LoginPanel } from '../../features/auth/components/login-panel.tsx';

/** `/login`: Google first, email code and password, the second-factor challenge. */
export function Component() {
  return (
    <>
      <title>Sign in · Fleetdeck</title>
      <LoginPanel />
    </>
  );
}

import { LoginPanel } from '../../features/auth/components/login-panel.tsx';

/** `/login`: Sign in with Google. */
export function Component() {
  return (
    <>
      <title>Sign in · Fleetdeck</title>
      <LoginPanel />
    </>
  );
}

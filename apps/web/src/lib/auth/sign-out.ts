import { authClient } from './browser-auth.ts';
import { apiFetch } from '../api-client.ts';

export type SignOutScope = 'local' | 'others' | 'global';

/**
 * Why: the menu and the security settings end sessions the same way. `local` ends this device's
 * session through SIGNED_OUT (whose handler calls `/api/auth/logout`); `global` first ends every
 * session on the server; `others` keeps this one signed in.
 */
export async function signOut(scope: SignOutScope): Promise<void> {
  if (scope !== 'local') await apiFetch('/api/auth/sign-out', { body: { scope } });
  if (scope !== 'others') authClient.signOut();
}

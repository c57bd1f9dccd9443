import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { navigateTo } from '../../../lib/navigate-to.ts';

/** `POST /api/identity/link-social`: a round trip to Google that adds it as a way to sign in. */
export async function linkGoogle(): Promise<void> {
  const { url } = await apiFetch<{ url: string }>('/api/identity/link-social', {
    body: { provider: 'google', callbackURL: '/settings/security', disableRedirect: true },
  });
  navigateTo(url, { external: true });
}

/** Why: the identities card reads pending and error state from one hook. */
export function useLinkGoogle() {
  return useMutation({ mutationFn: linkGoogle });
}

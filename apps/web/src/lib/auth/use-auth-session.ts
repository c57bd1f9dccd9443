import { useSyncExternalStore } from 'react';
import { authClient } from './browser-auth.ts';
import type { AuthSession } from './auth-session.ts';

export interface AuthSessionState {
  readonly ready: boolean;
  readonly session: AuthSession | null;
}

let snapshot: AuthSessionState = { ready: authClient.isReady(), session: authClient.peekSession() };

function read(): AuthSessionState {
  const ready = authClient.isReady();
  const session = authClient.peekSession();
  if (snapshot.ready !== ready || snapshot.session !== session) snapshot = { ready, session };
  return snapshot;
}

function subscribe(onChange: () => void): () => void {
  return authClient.onAuthStateChange(() => onChange());
}

/** Why: components render from the auth client's session and re-render on every auth event. */
export function useAuthSession(): AuthSessionState {
  return useSyncExternalStore(subscribe, read, read);
}

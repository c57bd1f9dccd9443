import type { CurrentPrincipalResponse } from '@fleetdeck/shared/auth-contract';
import { ApiNetworkError, ApiRequestError, apiFetch, type FetchLike } from '../api-client.ts';
import { owesSecondFactor, toAuthSession, type AuthChangeEvent, type AuthSession } from './auth-session.ts';

/**
 * Fleetdeck's auth client: the seed's event stream (§4) over a cookie session. It loads the
 * session (`/api/auth/me` + a JWT from `/api/identity/token`), refreshes the JWT before it
 * expires, and tells listeners what happened.
 */

export type AuthListener = (event: AuthChangeEvent, session: AuthSession | null) => void;

export interface AuthClientOptions {
  readonly fetch: FetchLike;
  /** Milliseconds since the epoch. */
  readonly now: () => number;
  readonly sleep: (ms: number) => Promise<void>;
  /** Per-tab storage (sessionStorage in the browser): sign-in intent and the Google session marker. */
  readonly tabStorage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}

const RETRYABLE_REFRESH_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/** Why (seed §4, §8): the refresh retries a network failure or 502/503/504 and nothing else. */
export function isRetryableIdentityFailure(error: unknown): boolean {
  if (error instanceof ApiNetworkError) return true;
  return error instanceof ApiRequestError && RETRYABLE_REFRESH_STATUSES.has(error.status);
}

/** Seed §9: the session counts as expired this long before `expires_at`. */
export const EXPIRY_MARGIN_MS = 30_000;
/** Seed §4: refresh retries start at this delay and double. */
export const REFRESH_BACKOFF_MS = 200;
/** Seed §9: retries after the first attempt (4 attempts in all). */
export const REFRESH_MAX_RETRIES = 3;
/** The auto-refresh tick; a refresh starts when the token expires within this many ticks. */
export const AUTO_REFRESH_TICK_MS = 30_000;
export const AUTO_REFRESH_TICK_THRESHOLD = 3;

const SOCIAL_INTENT_KEY = 'fleetdeck:auth:social-sign-in';
const PROVIDER_SESSION_KEY = 'fleetdeck:auth:provider-session';

export class AuthClient {
  private readonly options: AuthClientOptions;
  private readonly listeners = new Set<AuthListener>();
  private session: AuthSession | null = null;
  private initialization: Promise<void> | undefined;
  private initialized = false;
  private refreshing: Promise<AuthSession | null> | undefined;
  private ticker: ReturnType<typeof setInterval> | undefined;

  constructor(options: AuthClientOptions) {
    this.options = options;
  }

  /** Why: listeners subscribe before or after the first load and still hear INITIAL_SESSION once. */
  onAuthStateChange(listener: AuthListener): () => void {
    this.listeners.add(listener);
    if (this.initialized)
      queueMicrotask(() => {
        if (this.listeners.has(listener)) listener('INITIAL_SESSION', this.session);
      });
    return () => this.listeners.delete(listener);
  }

  /** Why: the first load decides between a returning visitor (INITIAL_SESSION) and a Google sign-in that just came back (SIGNED_IN). */
  initialize(): Promise<void> {
    this.initialization ??= this.runInitialize();
    return this.initialization;
  }

  private async runInitialize(): Promise<void> {
    const storage = this.options.tabStorage;
    const cameBackFromGoogle = storage.getItem(SOCIAL_INTENT_KEY) !== null;
    storage.removeItem(SOCIAL_INTENT_KEY);
    let loaded: AuthSession | null;
    try {
      loaded = await this.loadWithRetry();
    } catch {
      loaded = null;
    }
    if (loaded && cameBackFromGoogle) {
      storage.setItem(PROVIDER_SESSION_KEY, loaded.session_id);
      loaded = { ...loaded, provider_grant: true };
    }
    this.session = loaded;
    this.initialized = true;
    this.emit('INITIAL_SESSION', loaded);
    if (loaded && cameBackFromGoogle) this.emit('SIGNED_IN', loaded);
  }

  /** False until the first load settled (INITIAL_SESSION was emitted). */
  isReady(): boolean {
    return this.initialized;
  }

  /** The current session as last loaded, without refreshing (for rendering). */
  peekSession(): AuthSession | null {
    return this.session;
  }

  /** Why: callers that need a usable token get one refreshed inside the 30-second margin. */
  async getSession(): Promise<AuthSession | null> {
    await this.initialize();
    const session = this.session;
    if (session && session.access_token !== null && this.isExpired(session)) return this.refreshSession();
    return session;
  }

  /** True inside the margin before `expires_at` (seed §9). */
  isExpired(session: AuthSession): boolean {
    return session.expires_at * 1000 - EXPIRY_MARGIN_MS <= this.options.now();
  }

  /** Why: concurrent callers share one refresh; a non-retryable failure ends the session (SIGNED_OUT). */
  refreshSession(): Promise<AuthSession | null> {
    this.refreshing ??= this.runRefresh().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private async runRefresh(): Promise<AuthSession | null> {
    const previous = this.session;
    let next: AuthSession | null;
    try {
      next = await this.loadWithRetry();
    } catch (error) {
      if (isRetryableIdentityFailure(error)) throw error;
      next = null;
    }
    if (!next) {
      if (previous) this.removeSession();
      return null;
    }
    this.session = next;
    if (!previous || previous.session_id !== next.session_id) this.emit('SIGNED_IN', next);
    else {
      this.emit('TOKEN_REFRESHED', next);
      if (userChanged(previous, next)) this.emit('USER_UPDATED', next);
    }
    return next;
  }

  /** Why: a Google sign-in leaves the page; the flag lets the next load tell it from a plain reload. */
  markSocialSignInStarted(): void {
    this.options.tabStorage.setItem(SOCIAL_INTENT_KEY, String(this.options.now()));
  }

  /** Why: password and one-time-code sign-ins finish in the page; this loads the new session and says SIGNED_IN. */
  async completeSignIn(): Promise<AuthSession | null> {
    const session = await this.loadWithRetry();
    this.session = session;
    if (session) this.emit('SIGNED_IN', session);
    return session;
  }

  /** Why: after `/two-factor/verify-*` the same session reached aal2; listeners continue the sign-in. */
  async completeSecondFactor(): Promise<AuthSession | null> {
    const session = await this.loadWithRetry();
    this.session = session;
    if (session && !owesSecondFactor(session)) this.emit('MFA_CHALLENGE_VERIFIED', session);
    return session;
  }

  /** Why: linking identities or changing factors changes the user; the menu and settings re-read it. */
  async reloadUser(): Promise<AuthSession | null> {
    const session = await this.loadWithRetry();
    if (!session) {
      this.removeSession();
      return null;
    }
    this.session = session;
    this.emit('USER_UPDATED', session);
    return session;
  }

  /** Why: the reset page reached from the emailed link announces the recovery (seed PASSWORD_RECOVERY). */
  notifyPasswordRecovery(): void {
    this.emit('PASSWORD_RECOVERY', this.session);
  }

  /** Why: every way out (menu, expired refresh, removed member) ends in one SIGNED_OUT. */
  signOut(): void {
    this.removeSession();
  }

  /** Why (seed §9): a fixed tick refreshes the token when few ticks remain before it expires. */
  startAutoRefresh(): void {
    if (this.ticker !== undefined) return;
    this.ticker = setInterval(() => void this.tick(), AUTO_REFRESH_TICK_MS);
  }

  stopAutoRefresh(): void {
    if (this.ticker !== undefined) clearInterval(this.ticker);
    this.ticker = undefined;
  }

  /** One auto-refresh tick; exposed so tests drive it with their own clock. */
  async tick(): Promise<void> {
    const session = this.session;
    if (!session || session.access_token === null) return;
    const remaining = session.expires_at * 1000 - this.options.now();
    if (remaining > AUTO_REFRESH_TICK_MS * AUTO_REFRESH_TICK_THRESHOLD) return;
    try {
      await this.refreshSession();
    } catch {
      // Retryable failures keep the session; the next tick tries again.
    }
  }

  private removeSession(): void {
    this.session = null;
    this.options.tabStorage.removeItem(PROVIDER_SESSION_KEY);
    this.emit('SIGNED_OUT', null);
  }

  private emit(event: AuthChangeEvent, session: AuthSession | null): void {
    for (const listener of [...this.listeners]) listener(event, session);
  }

  private async loadWithRetry(): Promise<AuthSession | null> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.load();
      } catch (error) {
        if (!isRetryableIdentityFailure(error) || attempt > REFRESH_MAX_RETRIES) throw error;
        await this.options.sleep(REFRESH_BACKOFF_MS * 2 ** (attempt - 1));
      }
    }
  }

  /** One attempt each: the refresh has its own retries and backoff (seed §4, §9). */
  private request<T>(path: string): Promise<T> {
    return apiFetch<T>(path, { fetch: this.options.fetch, retry: false, stepUp: false });
  }

  private async load(): Promise<AuthSession | null> {
    // better-auth answers 200 with null when signed out: a visitor's first load logs no failed request.
    const current = await this.request<unknown>('/api/identity/get-session');
    if (current === null || current === undefined) return null;
    let me: CurrentPrincipalResponse;
    try {
      me = await this.request<CurrentPrincipalResponse>('/api/auth/me');
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 401) return null;
      throw error;
    }
    const pending = me.session.aal === 'aal1' && me.session.nextLevel === 'aal2';
    const token = pending ? null : (await this.request<{ token: string }>('/api/identity/token')).token;
    const grant = this.options.tabStorage.getItem(PROVIDER_SESSION_KEY) === me.session.id;
    return toAuthSession(me, token, this.options.now(), grant);
  }
}

function userChanged(previous: AuthSession, next: AuthSession): boolean {
  return (
    JSON.stringify(previous.user) !== JSON.stringify(next.user) ||
    previous.aal !== next.aal ||
    previous.next_level !== next.next_level
  );
}

import type { DirectoryClient } from '@fleetdeck/google/directory/directory-client';
import type { DirectoryUser } from '@fleetdeck/google/directory/user.schema';
import { GoogleNotFoundError, GooglePermissionError } from '@fleetdeck/google/errors';
import type { PolicyDevice, PolicyUser } from '@fleetdeck/shared/policy-contract';
import { policyErrors } from '../../errors/policy-errors.ts';
import { toPolicyError } from './policy-errors.ts';

/**
 * Looks a user up in Google's Directory for the policy debugger (`users.get`), so user policies
 * can be resolved at the OU of the user's account. Answers are kept a few minutes per
 * organization: moving a user between OUs is rare, and every view would otherwise cost a call.
 */

export type UserApi = Pick<DirectoryClient, 'getUser'>;

export const USER_MESSAGES = {
  scopeMissing:
    'Fleetdeck cannot read users: Google access was granted without the user directory scope. An owner can reconnect Google in Settings → Google to add it.',
  permission:
    'Google refused to show users to Fleetdeck: the connected admin cannot read users. An owner can reconnect Google in Settings → Google with an admin who can.',
  notFound: (email: string) =>
    `No user ${email} in this Google Workspace. Check the address (it must be the primary email).`,
} as const;

export interface UserLookupOptions {
  readonly now?: () => number;
  /** How long an answer is reused (default 5 minutes). */
  readonly ttlMs?: number;
  /** Entries kept at most; the oldest go first (default 2000). */
  readonly maxEntries?: number;
}

export interface UserLookupRequest {
  readonly orgId: string;
  readonly email: string;
  readonly refresh: boolean;
  readonly api: () => UserApi;
}

function toUserError(error: unknown, email: string): unknown {
  if (error instanceof GoogleNotFoundError) return policyErrors.userNotFound(USER_MESSAGES.notFound(email));
  if (error instanceof GooglePermissionError)
    return error.insufficientScopes
      ? policyErrors.userScopeMissing(USER_MESSAGES.scopeMissing)
      : policyErrors.userScopeMissing(USER_MESSAGES.permission);
  return toPolicyError(error);
}

/** Why: one lookup per process, shared by every request, so its cache holds across requests. */
export function createUserLookup(options: UserLookupOptions = {}) {
  const now = options.now ?? Date.now;
  const ttl = options.ttlMs ?? 5 * 60_000;
  const max = options.maxEntries ?? 2000;
  const cache = new Map<string, { user: DirectoryUser; at: number }>();
  const inFlight = new Map<string, Promise<DirectoryUser>>();

  return {
    async find(request: UserLookupRequest): Promise<DirectoryUser> {
      const key = `${request.orgId}|${request.email.toLowerCase()}`;
      const cached = cache.get(key);
      if (cached && !request.refresh && now() - cached.at < ttl) return cached.user;
      const running = inFlight.get(key);
      if (running) return running;
      const task = (async () => {
        try {
          const user = await request.api().getUser(request.email);
          cache.delete(key);
          cache.set(key, { user, at: now() });
          while (cache.size > max) cache.delete(cache.keys().next().value ?? key);
          return user;
        } catch (error) {
          throw toUserError(error, request.email);
        }
      })().finally(() => inFlight.delete(key));
      inFlight.set(key, task);
      return task;
    },
  };
}

export type UserLookup = ReturnType<typeof createUserLookup>;

const EMAIL_LIKE = /^[^\s@]+@[^\s@]+$/;

/** The device's own user: its most recent one, else the user it is assigned to when that is an email. */
export function ownUserOf(device: PolicyDevice): string | null {
  if (device.recentUser && EMAIL_LIKE.test(device.recentUser)) return device.recentUser;
  if (device.annotatedUser && EMAIL_LIKE.test(device.annotatedUser)) return device.annotatedUser;
  return null;
}

/** Why the move preview leaves user settings out, said for this device. */
export function userSettingsNote(user: PolicyUser | null): string {
  return user
    ? `User settings are not compared: ${user.email}'s come from their account's unit, ${user.orgUnit.path}, wherever the device is.`
    : "User settings are not compared: they come from each person's account, not from the device's unit.";
}

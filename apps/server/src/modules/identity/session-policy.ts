/**
 * Session lifetimes. Idle: a session unused for 12 hours expires (better-auth slides `expiresAt`
 * forward at most once an hour while it is used). Absolute: whatever the activity, a session
 * older than 7 days is revoked at its next use, so a stolen cookie cannot live for ever and an
 * admin signs in again at least once a week. JWTs for scripts live 10 minutes.
 */
export const SESSION_POLICY = {
  idleSeconds: 12 * 60 * 60,
  refreshEverySeconds: 60 * 60,
  absoluteSeconds: 7 * 24 * 60 * 60,
  jwtLifetime: '10m',
  jwtKeyRotationSeconds: 30 * 24 * 60 * 60,
  jwtKeyGraceSeconds: 7 * 24 * 60 * 60,
} as const;

/** Why: better-auth has no absolute lifetime; every session read checks this. */
export function isPastAbsoluteLifetime(createdAt: Date | string, now = Date.now()): boolean {
  return now - new Date(createdAt).getTime() > SESSION_POLICY.absoluteSeconds * 1000;
}

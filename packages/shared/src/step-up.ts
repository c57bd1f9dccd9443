/**
 * Step-up: the spec's re-authentication. Destructive and access-changing actions need a fresh
 * proof of a second factor from the acting member, bound to their session. Plain data, safe for
 * the first-load bundle: the browser reads the same window and reasons.
 */

/** A proof holds for ten minutes. */
export const STEP_UP_WINDOW_MS = 10 * 60_000;
/** A mailed step-up code holds for ten minutes and five tries. */
export const STEP_UP_CODE_TTL_MS = 10 * 60_000;
export const STEP_UP_CODE_MAX_ATTEMPTS = 5;
/** Disabling more devices than this at once asks for a step-up. */
export const STEP_UP_DISABLE_THRESHOLD = 10;

export type StepUpMethod = 'totp' | 'email_code';

/** What asked for the proof, in words for the dialog. */
export const STEP_UP_REASONS = {
  deprovision: 'deprovision a device',
  powerwash: 'powerwash a device',
  wipe_users: "wipe a device's users",
  bulk_disable: 'disable more than 10 devices',
  bulk_destructive: 'run this bulk action',
  member_change: "change a member's role or units",
  member_remove: 'remove a member',
  access_approve: 'give someone access',
  ownership_transfer: 'transfer ownership',
  google_connection: 'change the Google connection',
  auto_join: 'change who joins automatically',
  api_token_create: 'create an API token',
  plan_approve: 'approve a change plan',
} as const;
export type StepUpReason = keyof typeof STEP_UP_REASONS;

/** The `details` of a `step_up_required` error. */
export interface StepUpRequiredDetails {
  readonly reason: StepUpReason;
  readonly methods: readonly StepUpMethod[];
}

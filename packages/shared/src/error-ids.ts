/**
 * Fleetdeck's error catalogue: every id the product API answers with in `error`, and the HTTP
 * status it answers with (the first when an id has several). Schema-free, so the browser may
 * import it on the first load. The server builds its errors from these (apps/server/src/errors/).
 */
export const ERROR_STATUS = {
  // ── The request itself ──
  invalid_request: 400,
  invalid_json: 400,
  invalid_characters: 400,
  payload_too_large: 413,
  unsupported_media_type: 415,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
  not_ready: 503,
  // ── Who is asking ──
  unauthenticated: 401,
  session_missing: 401,
  invalid_jwt: 401,
  csrf_origin_mismatch: 403,
  mfa_required: 403,
  forbidden: 403,
  owner_required: 403,
  membership_required: 403,
  step_up_required: 403,
  step_up_invalid_code: 400,
  api_token_invalid: 401,
  api_token_revoked: 401,
  api_token_expired: 401,
  api_token_out_of_scope: 403,
  api_token_not_allowed: 403,
  api_token_step_up_refused: 403,
  // ── Joining and onboarding ──
  already_member: 409,
  no_organization_to_join: 404,
  access_request_required: 403,
  invitation_link_missing: 400,
  invitation_link_incomplete: 400,
  invitation_link_altered: 400,
  invitation_email_mismatch: 403,
  member_of_another_organization: 409,
  onboarding_scope_required: 409,
  google_sign_in_required: 409,
  google_admin_required: 403,
  google_scopes_missing: 409,
  // ── Google and the organization's grant (decision 045: a refusal of the grant is 409, not 403) ──
  google_not_connected: 409,
  google_reconsent_required: 409,
  google_permission_denied: 409,
  google_user_scope_missing: 409,
  google_rate_limited: 429,
  /** 503 when Google did not answer; 502 when it answered something Fleetdeck cannot use. */
  google_unavailable: [503, 502],
  /** 400 for a change Google refuses; 409 for a device it refuses to change; 502 when the outcome is unknown. */
  google_rejected: [400, 409, 502],
  // ── Devices ──
  device_gone_at_google: 404,
  preview_expired: 409,
  preview_changed: 409,
  confirmation_required: 400,
  // ── Policies ──
  /** 404 when no such user is visible; 409 when the user's unit is not synced yet. */
  policy_user_not_found: [404, 409],
  // ── Change plans ──
  plan_not_draft: 409,
  plan_author_only: 403,
  plan_changes_nothing: 409,
  plan_cancel_refused: 403,
  plan_not_cancellable: 409,
  plan_not_awaiting_approval: 409,
  plan_author_cannot_approve: 403,
  plan_approver_lacks_rights: 403,
  plan_run_refused: 403,
  plan_not_approved: 409,
  plan_pause_refused: 403,
  plan_not_running: 409,
  plan_not_paused: 409,
  /** A plan of commands or a deprovision runs as a bulk run, which cannot be paused (decision 048). */
  plan_cannot_pause: 409,
  /** A plan of commands or a deprovision cannot be undone (decision 048). */
  plan_cannot_undo: 409,
  plan_undo_refused: 403,
  plan_not_done: 409,
} as const satisfies Record<string, number | readonly [number, ...number[]]>;

/** A stable error id of the product API. */
export type ErrorId = keyof typeof ERROR_STATUS;

/** Every error id, in catalogue order. */
export const ERROR_IDS = Object.keys(ERROR_STATUS) as readonly ErrorId[];

/** The status an id answers with unless its factory names another of its statuses. */
export function defaultErrorStatus(id: ErrorId): number {
  const status: number | readonly number[] = ERROR_STATUS[id];
  return typeof status === 'number' ? status : (status[0] ?? 500);
}

/** Whether the catalogue lets an id answer with this status. */
export function errorStatusAllowed(id: ErrorId, status: number): boolean {
  const allowed: number | readonly number[] = ERROR_STATUS[id];
  return typeof allowed === 'number' ? allowed === status : allowed.includes(status);
}

/** Whether an id an answer carried is one of the catalogue's. */
export function isErrorId(value: string): value is ErrorId {
  return Object.hasOwn(ERROR_STATUS, value);
}

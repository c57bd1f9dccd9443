import { IDENTITY_MESSAGES } from '@fleetdeck/shared/identity-messages';
import { STEP_UP_REASONS, type StepUpReason, type StepUpRequiredDetails } from '@fleetdeck/shared/step-up';
import { AppError } from './app-error.ts';

/** Errors of who is asking: sessions, JWTs, API tokens, second factors and step-up. */
export const identityErrors = {
  sessionMissing: () => new AppError('session_missing', IDENTITY_MESSAGES.sessionMissing),
  invalidJwt: (message: string) => new AppError('invalid_jwt', message),
  csrfOriginMismatch: () =>
    new AppError(
      'csrf_origin_mismatch',
      'This request did not come from a Fleetdeck page (its Origin header is missing or foreign). Reload Fleetdeck and try again.',
    ),
  /** `toContinue`: what the second factor is needed for, e.g. "this account has a second factor". */
  mfaRequired: (toContinue: string) =>
    new AppError('mfa_required', `Enter the code from your authenticator app to continue: ${toContinue}.`),
  membershipRequired: () =>
    new AppError(
      'membership_required',
      'You are not a member of an organization in Fleetdeck yet. Ask for access on the onboarding page, or accept an invitation.',
    ),
  stepUpRequired: (details: StepUpRequiredDetails) =>
    new AppError(
      'step_up_required',
      `Confirm it is you to ${STEP_UP_REASONS[details.reason]}: enter ${
        details.methods.includes('totp') ? 'the code from your authenticator app' : 'the code we email you'
      }. A confirmation holds for 10 minutes.`,
      { details },
    ),
  stepUpInvalidCode: () =>
    new AppError(
      'step_up_invalid_code',
      'That code is not right. Check it and try again (authenticator codes change every 30 seconds).',
    ),
  codesTooFast: () => new AppError('rate_limited', 'Too many codes in a row. Wait 10 seconds and try again.'),
  apiTokenInvalid: (
    message = 'This API token is not valid: check that it was copied whole, or create a new one in Settings → API tokens.',
  ) => new AppError('api_token_invalid', message),
  apiTokenCreatorGone: () =>
    new AppError(
      'api_token_invalid',
      'This API token no longer works: the person who created it is not a member of its organization any more.',
    ),
  apiTokenRevoked: () =>
    new AppError(
      'api_token_revoked',
      'This API token was revoked. Create a new one in Settings → API tokens.',
    ),
  apiTokenExpired: () =>
    new AppError('api_token_expired', 'This API token expired. Create a new one in Settings → API tokens.'),
  apiTokenOutOfScope: () =>
    new AppError(
      'api_token_out_of_scope',
      "This API token's units are no longer among its creator's. Create a new token for the units they hold now.",
    ),
  apiTokenNotAllowed: () =>
    new AppError(
      'api_token_not_allowed',
      'An API token cannot do this: signing in and out, step-up, joining or leaving, and managing API tokens are done by the person in the Fleetdeck web console.',
    ),
  apiTokenStepUpRefused: (reason: StepUpReason) =>
    new AppError(
      'api_token_step_up_refused',
      `An API token cannot ${STEP_UP_REASONS[reason]}: it needs a fresh confirmation of your identity. Do it in the Fleetdeck web console.`,
      { details: { reason } },
    ),
} as const;

import { AppError } from './app-error.ts';

/** Errors of device actions and bulk runs. */
export const deviceErrors = {
  goneAtGoogle: (message: string) => new AppError('device_gone_at_google', message),
  /** Google refused the input of a change. */
  googleRejected: (message: string) => new AppError('google_rejected', message),
  /** Google refused to change this device (409), or no outcome is known for it (502). */
  deviceRefused: (message: string, outcomeUnknown: boolean) =>
    new AppError('google_rejected', message, { status: outcomeUnknown ? 502 : 409 }),
  returnMessageFailed: (message: string) => new AppError('google_unavailable', message, { status: 502 }),
  previewExpired: () =>
    new AppError(
      'preview_expired',
      'This preview has expired or belongs to another action. Review the preview again, then confirm.',
    ),
  previewChanged: (then: number, now: number) =>
    new AppError(
      'preview_changed',
      `The devices this action would change changed since the preview (${then} then, ${now} now). Review the preview again, then confirm.`,
      { details: { previewCount: then, deviceCount: now } },
    ),
  confirmationRequired: (count: number) =>
    new AppError(
      'confirmation_required',
      `Type the number of devices that will change (${count}) to confirm this action. It cannot be undone from Fleetdeck.`,
      { details: { deviceCount: count } },
    ),
} as const;

import {
  GoogleApiError,
  GoogleAuthError,
  GoogleNetworkError,
  GoogleNotFoundError,
  GooglePermissionError,
  GoogleRateLimitError,
} from '@fleetdeck/google/errors';
import { ERROR_STATUS, type ErrorId } from '@fleetdeck/shared/error-ids';
import { describe, expect, it } from 'vitest';
import { AppError } from '../src/errors/app-error.ts';
import { toDeviceActionError } from '../src/modules/devices/google-action-errors.ts';
import { toPolicyError } from '../src/modules/policy/policy-errors.ts';

/**
 * One Google-to-API mapping: a Google refusal answers with the same id and status whichever area
 * met it. A permission refusal of the organization's grant is 409 (an owner must fix the grant),
 * never 403, which the web reads as "your Fleetdeck role does not allow this".
 */
const AREAS = { devices: toDeviceActionError, policy: toPolicyError } as const;

const permission = () =>
  new GooglePermissionError({
    status: 403,
    message: 'Not Authorized to access this resource/api',
    insufficientScopes: false,
  });

function mapped(area: keyof typeof AREAS, error: unknown): AppError {
  const result = AREAS[area](error);
  if (!(result instanceof AppError)) throw new Error(`${area} did not map ${String(error)}`);
  return result;
}

function allowed(id: ErrorId): readonly number[] {
  const status: number | readonly number[] = ERROR_STATUS[id];
  return typeof status === 'number' ? [status] : status;
}

describe('Google errors map to one catalogue', () => {
  it.each(Object.keys(AREAS) as (keyof typeof AREAS)[])(
    '%s: a Google permission refusal is 409 google_permission_denied',
    (area) => {
      const error = mapped(area, permission());
      expect([error.id, error.status]).toEqual(['google_permission_denied', 409]);
    },
  );

  it.each(Object.keys(AREAS) as (keyof typeof AREAS)[])(
    '%s: every mapped Google error answers a status its id allows',
    (area) => {
      const errors = [
        permission(),
        new GoogleAuthError({ status: 401, message: 'invalid_grant', needsReconsent: true }),
        new GoogleRateLimitError({ status: 429, message: 'slow down', retryAfterMs: 1500 }),
        new GoogleNotFoundError({ status: 404, message: 'gone' }),
        new GoogleNetworkError({ status: 0, message: 'socket hang up', timedOut: false, notSent: true }),
        new GoogleApiError({ status: 418, message: 'teapot' }),
      ];
      for (const google of errors) {
        const error = mapped(area, google);
        expect(allowed(error.id), `${google.name} → ${error.id}`).toContain(error.status);
      }
    },
  );

  it('both areas answer the same id and status for the grant, its privileges and outages', () => {
    const kinds = [
      permission(),
      new GoogleAuthError({ status: 401, message: 'invalid_grant', needsReconsent: true }),
      new GoogleNetworkError({ status: 0, message: 'socket hang up', timedOut: false, notSent: true }),
    ];
    for (const google of kinds) {
      const [devices, policy] = [mapped('devices', google), mapped('policy', google)];
      expect([devices.id, devices.status], google.name).toEqual([policy.id, policy.status]);
    }
  });
});

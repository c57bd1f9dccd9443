import { defaultErrorStatus, errorStatusAllowed, type ErrorId } from '@fleetdeck/shared/error-ids';

/**
 * Fleetdeck's error: a stable id from the catalogue (packages/shared/src/error-ids.ts), the
 * HTTP status the catalogue gives it and a message written for the person reading it (what
 * happened and what to do). One global handler renders them. Built by the factories in this
 * folder only (lint holds it), so every id and status is decided in one place.
 */
export class AppError extends Error {
  readonly id: ErrorId;
  readonly status: number;
  readonly details: unknown;

  constructor(id: ErrorId, message: string, options: { status?: number; details?: unknown } = {}) {
    super(message);
    this.name = 'AppError';
    this.id = id;
    this.status = options.status ?? defaultErrorStatus(id);
    this.details = options.details;
    // The catalogue is the one place an id's statuses are decided: a factory naming another is a bug.
    if (!errorStatusAllowed(id, this.status))
      throw new Error(`error id ${id} does not answer ${this.status} (packages/shared/src/error-ids.ts)`);
  }
}

/** The same error (id, status, details) told in other words, for a caller that knows more of the story. */
export function reworded(error: AppError, message: string): AppError {
  const copy = new AppError(error.id, message, { details: error.details });
  return Object.assign(copy, { status: error.status });
}

/** Errors any area may answer with. */
export const appErrors = {
  notFound: (message: string) => new AppError('not_found', message),
  invalidRequest: (message: string, details?: unknown) =>
    new AppError('invalid_request', message, { details }),
  unauthenticated: (message = 'Sign in to continue.') => new AppError('unauthenticated', message),
  forbidden: (
    message = 'Your role does not allow this action. Ask an owner or admin of your organization.',
  ) => new AppError('forbidden', message),
  conflict: (message: string) => new AppError('conflict', message),
  /** An owner's decision (the Google grant, ownership, who joins by domain): the role table lets others reach the route. */
  ownerRequired: (message: string) => new AppError('owner_required', message),
  unavailable: (message: string) => new AppError('service_unavailable', message),
  rateLimited: (message: string) => new AppError('rate_limited', message),
} as const;

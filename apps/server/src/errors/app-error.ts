/**
 * Fleetdeck's error catalogue: a stable id, an HTTP status and a message written for the
 * person reading it (what happened and what to do). One global handler renders them.
 */
export class AppError extends Error {
  readonly id: string;
  readonly status: number;
  readonly details: unknown;

  constructor(id: string, status: number, message: string, details?: unknown) {
    super(message);
    this.name = 'AppError';
    this.id = id;
    this.status = status;
    this.details = details;
  }
}

export const appErrors = {
  notFound: (message: string) => new AppError('not_found', 404, message),
  invalidRequest: (message: string, details?: unknown) =>
    new AppError('invalid_request', 400, message, details),
  unauthenticated: (message = 'Sign in to continue.') => new AppError('unauthenticated', 401, message),
  forbidden: (
    message = 'Your role does not allow this action. Ask an owner or admin of your organization.',
  ) => new AppError('forbidden', 403, message),
  conflict: (message: string) => new AppError('conflict', 409, message),
  /** An owner's decision (the Google grant, ownership, who joins by domain): the role table lets others reach the route. */
  ownerRequired: (message: string) => new AppError('owner_required', 403, message),
  unavailable: (message: string) => new AppError('service_unavailable', 503, message),
} as const;

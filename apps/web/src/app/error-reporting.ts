import { isRouteErrorResponse } from 'react-router';
import { reportClientError } from '../lib/client-error-report.ts';

/**
 * Why: RouterProvider calls this once per middleware, loader or render error. Answers such
 * as 404s are expected outcomes, not bugs, so only real failures are logged and reported.
 */
export function handleRouterError(error: unknown): void {
  if (error instanceof Response) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  reportClientError(error);
}

import { isRouteErrorResponse } from 'react-router';
import { ApiNetworkError, ApiRequestError } from '../../lib/api-client.ts';
import { ChunkLoadError } from '../../lib/chunk-reload.ts';

/** What the error page shows for any thrown value. */
export interface ErrorView {
  readonly status: number;
  readonly variant: 'not-found' | 'generic';
  readonly title: string;
  readonly message: string;
  readonly description: string;
  readonly requestId: string | undefined;
}

/** Seed §2: the two variants' default titles, word for word. */
export const NOT_FOUND_TITLE = 'Page Not Found';
export const GENERIC_TITLE = 'Internal Server Error';

/**
 * Why: route responses, API errors, chunk failures and plain exceptions all reach the same
 * error page; this turns each into status, title, message and a description of what to do.
 */
export function describeError(error: unknown): ErrorView {
  if (isRouteErrorResponse(error)) {
    return view(
      error.status,
      messageFromData(error.data) ?? (error.statusText || defaultMessage(error.status)),
    );
  }
  if (error instanceof ApiRequestError)
    return view(error.status, error.message, { requestId: error.requestId });
  if (error instanceof ChunkLoadError) {
    return view(500, error.message, {
      title: error.title,
      description:
        'This usually happens right after Fleetdeck is updated, or when the network drops for a moment. ' +
        'Reload the page; if it keeps happening, check your connection or try again in a few minutes.',
    });
  }
  if (error instanceof ApiNetworkError) {
    return view(503, error.message, {
      requestId: error.requestId,
      description:
        'Fleetdeck could not reach its server. Check your network connection, then reload the page.',
    });
  }
  if (error instanceof Error) return view(500, error.message || defaultMessage(500));
  return view(500, typeof error === 'string' && error ? error : defaultMessage(500));
}

function view(
  status: number,
  message: string,
  overrides: { title?: string; description?: string; requestId?: string | undefined } = {},
): ErrorView {
  const notFound = status === 404;
  return {
    status,
    variant: notFound ? 'not-found' : 'generic',
    title: overrides.title ?? (notFound ? NOT_FOUND_TITLE : GENERIC_TITLE),
    message,
    description: overrides.description ?? defaultDescription(status),
    requestId: overrides.requestId,
  };
}

function messageFromData(data: unknown): string | null {
  if (typeof data === 'string' && data.trim() !== '') return data;
  if (typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string')
    return data.message;
  return null;
}

function defaultMessage(status: number): string {
  if (status === 404) return 'This page does not exist.';
  return 'Something went wrong while showing this page.';
}

function defaultDescription(status: number): string {
  if (status === 404) {
    return (
      'The address may be mistyped, or the page (or device) it pointed to no longer exists. ' +
      'Check the address, or go to the dashboard and search the fleet from there.'
    );
  }
  if (status === 401) return 'Your session has ended. Sign in again to pick up where you left off.';
  if (status === 403)
    return 'Your Fleetdeck role does not include this page. Ask an owner or admin of your organization for access.';
  return (
    'Fleetdeck ran into a problem it did not expect. Reloading usually fixes it. ' +
    'If it keeps happening, send the reference below (if shown) to whoever runs Fleetdeck for your organization.'
  );
}

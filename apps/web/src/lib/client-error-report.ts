import { LIMITS } from '@fleetdeck/shared/limits';
import { readBuildId } from './build-manifest.ts';

/** The server's caps for a client error report. */
export const CLIENT_ERROR_LIMITS = {
  message: LIMITS.clientErrorMessage,
  stack: LIMITS.clientErrorStack,
} as const;

/** The body of `POST /api/client-errors`. */
export interface ClientErrorReport {
  readonly message: string;
  readonly stack: string | undefined;
  readonly path: string;
  readonly userAgent: string;
  /** Which deployment the error came from (null in development). */
  readonly buildId?: string;
}

const MAX_REPORTS_PER_PAGE = 20;
const reported = new WeakSet<object>();
let reportCount = 0;

/** Why: the server caps what it stores; trimming here keeps an oversized stack from losing the whole report. */
export function buildClientErrorReport(
  error: unknown,
  path: string,
  userAgent: string,
  buildId: string | null = null,
): ClientErrorReport {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : safeString(error);
  const stack = error instanceof Error && typeof error.stack === 'string' ? error.stack : undefined;
  return {
    message: truncate(message || 'Unknown error', CLIENT_ERROR_LIMITS.message),
    stack: stack === undefined ? undefined : truncate(stack, CLIENT_ERROR_LIMITS.stack),
    path: truncate(path, 2000),
    userAgent: truncate(userAgent, 500),
    ...(buildId ? { buildId } : {}),
  };
}

/**
 * Why: errors people (and crawlers) hit must reach the team without ever making things worse,
 * so this logs, sends best-effort, de-duplicates, rate-limits, and never throws.
 */
export function reportClientError(
  error: unknown,
  send: (report: ClientErrorReport) => Promise<unknown> = postClientError,
): void {
  try {
    if (typeof error === 'object' && error !== null) {
      if (reported.has(error)) return;
      reported.add(error);
    }
    console.error('Fleetdeck: this page hit an error.', error);
    if (reportCount >= MAX_REPORTS_PER_PAGE) return;
    reportCount += 1;
    const report = buildClientErrorReport(
      error,
      `${window.location.pathname}${window.location.search}`,
      navigator.userAgent,
      readBuildId(),
    );
    send(report).catch(() => undefined);
  } catch {
    // Reporting is best effort; a failure here must not hide the original problem.
  }
}

function postClientError(report: ClientErrorReport): Promise<unknown> {
  return fetch('/api/client-errors', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(report),
    credentials: 'same-origin',
    keepalive: true,
  });
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function safeString(value: unknown): string {
  try {
    if (typeof value === 'string') return value;
    // JSON.stringify returns undefined for undefined and functions, whatever its type says.
    const json = JSON.stringify(value) as string | undefined;
    return json ?? String(value);
  } catch {
    return String(value);
  }
}

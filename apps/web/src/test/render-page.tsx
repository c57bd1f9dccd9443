/**
 * Why: a render test draws a page as the browser would, with the app's own query client, router
 * and API client, and fakes only the network: `mockApi` answers `fetch` per method and path, so
 * what a component does with an answer is tested, not how it asks. A request no route answers
 * fails the test (after it, naming the request), as a stray console.error does. The browser APIs
 * jsdom lacks (ResizeObserver, matchMedia) and the realtime socket are stood in for, quietly.
 *
 * A render test file starts with `// @vitest-environment jsdom` (the web project runs in Node).
 */
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import type { MemberRole } from '@fleetdeck/shared/permissions';
import { authClient } from '../lib/auth/browser-auth.ts';
import { fakeJwt, principal } from '../lib/auth/auth-test-helpers.ts';
import { createQueryClient } from '../lib/query-client.ts';

if (typeof document === 'undefined')
  throw new Error('A render test needs the DOM: start the file with // @vitest-environment jsdom');

/** What a route answers: a JSON body (status 200), or a Response for anything else. */
type Answer = unknown;
type Handler = (url: URL, init: RequestInit | undefined) => Answer;

let routes = new Map<string, Handler>();
let unanswered: string[] = [];
/** Every request the page sent, as `METHOD /path?query`. */
export const requests: string[] = [];

beforeEach(() => {
  vi.stubGlobal('fetch', answer);
  vi.stubGlobal('ResizeObserver', QuietResizeObserver);
  vi.stubGlobal('matchMedia', (query: string) => quietMediaList(query));
  vi.stubGlobal('WebSocket', SilentSocket);
});

afterEach(() => {
  cleanup();
  authClient.signOut();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
  window.localStorage.clear();
  routes = new Map();
  requests.length = 0;
  const missed = unanswered;
  unanswered = [];
  if (missed.length > 0)
    throw new Error(`The page asked for what no mockApi route answers: ${missed.join(', ')}`);
});

/** Answers `fetch` for these routes, keyed `'GET /api/devices'` (the query string is the handler's). */
export function mockApi(handlers: Record<string, Handler>): void {
  for (const [key, handler] of Object.entries(handlers)) routes.set(key, handler);
}

/** A signed-in member of `role` (organization org-1): the app's own auth client loads the session. */
export async function signInAs(role: MemberRole): Promise<void> {
  const me = principal();
  mockApi({
    'GET /api/identity/get-session': () => ({ session: { id: me.session.id } }),
    'GET /api/auth/me': () => ({ ...me, organization: { ...me.organization, role } }),
    'GET /api/identity/token': () => ({ token: fakeJwt(Math.floor(Date.now() / 1000) + 3600) }),
  });
  await authClient.completeSignIn();
}

/**
 * Renders `page` at `url` (matched by `path`) inside the app's query client. Other paths show
 * "Went to <path>", so a navigation the page makes can be asserted.
 */
export function renderPage(page: ReactNode, { path, url }: { path: string; url: string }) {
  const router = createMemoryRouter(
    [
      { path, element: page },
      { path: '*', element: <WentTo /> },
    ],
    { initialEntries: [url] },
  );
  const result = render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router };
}

function WentTo() {
  const location = useLocation();
  return <p>Went to {location.pathname}</p>;
}

/** The text of the element a test id names (throws when there is none). */
export function textOf(testId: string): string {
  return screen.getByTestId(testId).textContent;
}

async function answer(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : String(input), window.location.origin);
  const method = init?.method ?? 'GET';
  requests.push(`${method} ${url.pathname}${url.search}`);
  const handler = routes.get(`${method} ${url.pathname}`);
  if (!handler) {
    unanswered.push(`${method} ${url.pathname}${url.search}`);
    return json({ error: 'not_found', message: `No mockApi route for ${method} ${url.pathname}` }, 404);
  }
  const body = await handler(url, init);
  return body instanceof Response ? body : json(body);
}

/** A JSON answer, as the server sends one. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

class QuietResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

/** Wide screen, light theme, no reduced motion: every media query answers no. */
function quietMediaList(query: string) {
  return {
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  };
}

/** A realtime socket that never connects: the page works as it does while the channel is down. */
class SilentSocket {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  send(): void {}
  close(): void {
    this.readyState = 3;
  }
}

import { describe, expect, it, vi } from 'vitest';
import { RouterContextProvider } from 'react-router';
import { routeRulesMiddleware } from './route-rules-middleware.ts';

const ORIGIN = 'https://fleetdeck.example';

async function run(path: string): Promise<Response | undefined> {
  const url = new URL(path, ORIGIN);
  const request = new Request(url);
  const next = vi.fn(async () => undefined);
  try {
    await routeRulesMiddleware(
      { request, url, params: {}, pattern: '/*', context: new RouterContextProvider() },
      next,
    );
    return undefined;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe('routeRulesMiddleware (bundled rules)', () => {
  it('redirects /devices inside the app to /devices/fleetStatus, keeping the query', async () => {
    const response = await run('/devices?q=status%3AACTIVE');
    expect(response?.status).toBe(302);
    expect(response?.headers.get('Location')).toBe('/devices/fleetStatus?q=status%3AACTIVE');
    expect(response?.headers.has('X-Remix-Reload-Document')).toBe(false);
  });

  it('matches with a trailing slash too', async () => {
    expect((await run('/devices/'))?.headers.get('Location')).toBe('/devices/fleetStatus');
  });

  it('asks for a full page load for an absolute external target', async () => {
    const response = await run('/help/chrome-enterprise');
    expect(response?.headers.get('Location')).toBe('https://support.google.com/chrome/a/answer/1289314');
    expect(response?.headers.get('X-Remix-Reload-Document')).toBe('true');
  });

  it('lets paths without a rule through', async () => {
    expect(await run('/dashboard')).toBeUndefined();
    // Fleetdeck's own help is a page of the app.
    expect(await run('/help')).toBeUndefined();
    expect(await run('/devices/fleetStatus')).toBeUndefined();
    expect(await run('/devices/chromebook/abc')).toBeUndefined();
  });
});

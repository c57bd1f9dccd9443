import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { GoogleNetworkError, GoogleUnavailableError } from '../src/errors.ts';
import { GoogleTransport } from '../src/http/transport.ts';

/** The transport against a real socket and the real global fetch: timeouts, refused connections, waits. */

let server: Server;
let origin: string;
let hits = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    hits++;
    const path = request.url?.split('?')[0];
    if (path === '/slow') {
      setTimeout(() => response.end('{"ok":true}'), 2000).unref();
      return;
    }
    if (path === '/busy') {
      response.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' });
      response.end(
        JSON.stringify({
          error: { code: 503, message: 'Backend Error', errors: [{ reason: 'backendError' }] },
        }),
      );
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ ok: true, auth: request.headers.authorization }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function transport(maxAttempts = 1) {
  return new GoogleTransport({ getAccessToken: async () => 'tok', retry: { maxAttempts, baseDelayMs: 1 } });
}

const schema = z.object({ ok: z.boolean(), auth: z.string().optional() });

describe('GoogleTransport over a real socket', () => {
  it('talks to a real server with the global fetch', async () => {
    const result = await transport().request({
      operation: 't',
      method: 'GET',
      url: `${origin}/ok`,
      schema,
      safety: 'idempotent',
    });
    expect(result).toEqual({ ok: true, auth: 'Bearer tok' });
  });

  it('times out a slow answer with AbortSignal.timeout', async () => {
    const started = Date.now();
    const error = await transport()
      .request({
        operation: 't',
        method: 'GET',
        url: `${origin}/slow`,
        schema,
        safety: 'idempotent',
        timeoutMs: 100,
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GoogleNetworkError);
    expect((error as GoogleNetworkError).timedOut).toBe(true);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('marks a refused connection as never sent', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await transport()
      .request({ operation: 't', method: 'POST', url: `http://127.0.0.1:${port}/x`, schema, safety: 'once' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GoogleNetworkError);
    expect((error as GoogleNetworkError).notSent).toBe(true);
    expect((error as GoogleNetworkError).timedOut).toBe(false);
  });

  it('stops waiting for a Retry-After as soon as the caller aborts', async () => {
    const before = hits;
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('cancelled')), 100);
    const started = Date.now();
    const error = await transport(3)
      .request({
        operation: 't',
        method: 'GET',
        url: `${origin}/busy`,
        schema,
        safety: 'idempotent',
        signal: controller.signal,
      })
      .catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(GoogleUnavailableError);
    expect((error as Error).message).toBe('cancelled');
    expect(Date.now() - started).toBeLessThan(900);
    expect(hits - before).toBe(1);
  });
});

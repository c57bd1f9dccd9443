import { afterEach, describe, expect, it, vi } from 'vitest';
import { newRequestId } from './request-id.ts';

/** The server keeps a client's id only in this form (apps/server/src/app.ts). */
const SERVER_FORMAT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('newRequestId', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is a fresh id in the server format', () => {
    const a = newRequestId();
    expect(a).toMatch(SERVER_FORMAT);
    expect(newRequestId()).not.toBe(a);
  });

  it('is left out where randomUUID is missing (plain http): the server makes one', () => {
    const real = crypto;
    vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array) => real.getRandomValues(bytes) });
    expect(newRequestId()).toBeUndefined();
  });
});

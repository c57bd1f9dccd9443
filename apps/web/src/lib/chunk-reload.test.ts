import { describe, expect, it, vi } from 'vitest';
import {
  CHUNK_RELOAD_STORAGE_KEY,
  CHUNK_RELOAD_TTL_MS,
  ChunkLoadError,
  shouldReloadAfterChunkFailure,
  withChunkReload,
  type ChunkReloadEnvironment,
} from './chunk-reload.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    data,
  };
}

describe('shouldReloadAfterChunkFailure', () => {
  it('reloads on the first failure and records when', () => {
    const storage = memoryStorage();
    expect(shouldReloadAfterChunkFailure(storage, 50_000)).toBe(true);
    expect(storage.data.get(CHUNK_RELOAD_STORAGE_KEY)).toBe('50000');
  });

  it('does not reload again inside the 10-second time-to-live', () => {
    expect(CHUNK_RELOAD_TTL_MS).toBe(10_000);
    const storage = memoryStorage({ [CHUNK_RELOAD_STORAGE_KEY]: '50000' });
    expect(shouldReloadAfterChunkFailure(storage, 50_000 + 9_999)).toBe(false);
    expect(storage.data.get(CHUNK_RELOAD_STORAGE_KEY)).toBe('50000');
  });

  it('reloads again once the time-to-live has passed', () => {
    const storage = memoryStorage({ [CHUNK_RELOAD_STORAGE_KEY]: '50000' });
    expect(shouldReloadAfterChunkFailure(storage, 50_000 + 10_000)).toBe(true);
    expect(storage.data.get(CHUNK_RELOAD_STORAGE_KEY)).toBe('60000');
  });

  it.each(['garbage', '', '-5', '999999999'])(
    'treats a stored %j (corrupt or from the future) as no guard',
    (stored) => {
      const storage = memoryStorage({ [CHUNK_RELOAD_STORAGE_KEY]: stored });
      expect(shouldReloadAfterChunkFailure(storage, 50_000)).toBe(true);
    },
  );

  it('never reloads without storage, because nothing could stop a loop', () => {
    expect(shouldReloadAfterChunkFailure(null, 1)).toBe(false);
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => undefined,
    };
    expect(shouldReloadAfterChunkFailure(throwing, 1)).toBe(false);
  });
});

describe('withChunkReload', () => {
  function env(storage = memoryStorage(), now = 1_000) {
    const reload = vi.fn();
    const environment: ChunkReloadEnvironment = { storage, now: () => now, reload };
    return { environment: () => environment, reload, storage };
  }

  it('passes a successful import through untouched', async () => {
    const { environment, reload } = env();
    await expect(withChunkReload(async () => ({ Component: 'x' }), environment)()).resolves.toEqual({
      Component: 'x',
    });
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads once and keeps the navigation pending on the first failure', async () => {
    const { environment, reload } = env();
    const pending = withChunkReload(
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      environment,
    )();
    const outcome = await Promise.race([
      pending.then(() => 'settled'),
      new Promise((r) => setTimeout(() => r('pending'), 20)),
    ]);
    expect(outcome).toBe('pending');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('throws ChunkLoadError (status 500, original cause kept) on a failure inside the time-to-live', async () => {
    const storage = memoryStorage({ [CHUNK_RELOAD_STORAGE_KEY]: '1000' });
    const { environment, reload } = env(storage, 3_000);
    const cause = new TypeError('Failed to fetch dynamically imported module');
    const error = await withChunkReload(() => Promise.reject(cause), environment)().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toMatchObject({ status: 500, cause });
    expect(reload).not.toHaveBeenCalled();
  });
});

/**
 * Route chunks are content-hashed; after a deployment an open tab may ask for a chunk that no
 * longer exists (or the network drops mid-load). One reload fetches the new index.html and its
 * chunks. A 10-second reload time-to-live in sessionStorage stops a reload loop: a second
 * failure inside it surfaces as ChunkLoadError on the error page.
 */

export const CHUNK_RELOAD_STORAGE_KEY = 'fleetdeck:chunk-reload-at';
export const CHUNK_RELOAD_TTL_MS = 10_000;

/** A lazy part of the app could not be loaded even after a reload. */
export class ChunkLoadError extends Error {
  readonly status = 500;
  readonly title = 'This page could not be loaded';

  constructor(cause: unknown) {
    super('Part of Fleetdeck failed to download, even after reloading the page.', { cause });
    this.name = 'ChunkLoadError';
  }
}

export interface ChunkReloadEnvironment {
  readonly storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  readonly now: () => number;
  readonly reload: () => void;
}

/** Why: the guard must hold across the reload itself, so it lives in sessionStorage, per tab. */
export function shouldReloadAfterChunkFailure(
  storage: ChunkReloadEnvironment['storage'],
  now: number,
): boolean {
  if (!storage) return false;
  try {
    const last = Number(storage.getItem(CHUNK_RELOAD_STORAGE_KEY));
    const withinTtl = Number.isFinite(last) && last > 0 && last <= now && now - last < CHUNK_RELOAD_TTL_MS;
    if (withinTtl) return false;
    storage.setItem(CHUNK_RELOAD_STORAGE_KEY, String(now));
    return true;
  } catch {
    // Storage blocked: without a guard a reload could loop, so show the error instead.
    return false;
  }
}

/**
 * Why: wraps a route's `import()` so a stale or failed chunk heals itself with one reload
 * instead of leaving people on a broken page.
 */
export function withChunkReload<T>(
  load: () => Promise<T>,
  environment: () => ChunkReloadEnvironment = browserChunkReloadEnvironment,
): () => Promise<T> {
  return async () => {
    try {
      return await load();
    } catch (error) {
      const env = environment();
      if (shouldReloadAfterChunkFailure(env.storage, env.now())) {
        env.reload();
        // Keep the navigation pending until the page unloads, so nothing half-rendered flashes.
        return new Promise<T>(() => undefined);
      }
      throw new ChunkLoadError(error);
    }
  };
}

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Blocked by privacy settings.
    return null;
  }
}

/** Why: the real tab's sessionStorage, clock and reload; callers may swap the reload for a page load. */
export function browserChunkReloadEnvironment(): ChunkReloadEnvironment {
  return { storage: sessionStorageOrNull(), now: () => Date.now(), reload: () => window.location.reload() };
}

import { DEVICE_ID_PATTERN } from '@fleetdeck/shared/app-routes';
import { FLEET_LIST_LIMITS } from '@fleetdeck/shared/fleet-columns';

/**
 * Pasted lists kept in this tab's sessionStorage, so a reload shows the same pasted devices: the
 * URL carries only the list's id (`?pasted=<id>`), never the devices. What is read back is checked
 * as strictly as the paste API's answer (at most as many devices as a paste may hold, each a
 * Directory device id, none twice); anything else, or nothing, reads as "no list".
 */

export type ListStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const KEY_PREFIX = 'fleetdeck:pasted-list:';
/** The ids of the lists kept, oldest first: only the last few pastes of a tab are kept. */
const INDEX_KEY = 'fleetdeck:pasted-lists';
const KEPT_LISTS = 5;
const ID_PATTERN = /^[a-z0-9]{6,32}$/;
/** Far above the largest valid list (20,000 ids of at most 128 characters, quoted, with commas). */
const MAX_STORED_CHARS = FLEET_LIST_LIMITS.resolveLines * 131 + 64;

/** Why: an id is a storage key suffix and a URL value, so it is only ever letters and digits. */
export function isPastedListId(value: string): boolean {
  return ID_PATTERN.test(value);
}

/** Why: random, so a list pasted in another tab or an earlier visit never answers to this one's id. */
export function newPastedListId(
  random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b),
) {
  return Array.from(random(new Uint8Array(10)), (byte) => (byte % 36).toString(36)).join('');
}

/** Why: a reload of the tab shows the same list. False when storage is blocked or full. */
export function keepPastedList(id: string, ids: readonly string[], storage: () => ListStorage): boolean {
  if (!isPastedListId(id)) return false;
  try {
    const store = storage();
    const index = [...readIndex(store).filter((kept) => kept !== id), id];
    for (const old of index.splice(0, Math.max(0, index.length - KEPT_LISTS))) {
      store.removeItem(KEY_PREFIX + old);
    }
    store.setItem(KEY_PREFIX + id, JSON.stringify({ ids }));
    store.setItem(INDEX_KEY, JSON.stringify(index));
    return true;
  } catch {
    return false;
  }
}

/** Why: the list a URL names, or null when it is not kept here or not a valid list. */
export function readPastedList(id: string, storage: () => ListStorage): string[] | null {
  if (!isPastedListId(id)) return null;
  let text: string | null;
  try {
    text = storage().getItem(KEY_PREFIX + id);
  } catch {
    return null;
  }
  if (text === null || text.length > MAX_STORED_CHARS) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  return validIds(parsed);
}

function validIds(parsed: unknown): string[] | null {
  if (typeof parsed !== 'object' || parsed === null || !('ids' in parsed)) return null;
  const { ids } = parsed;
  if (!Array.isArray(ids) || ids.length === 0 || ids.length > FLEET_LIST_LIMITS.resolveLines) return null;
  const seen = new Set<string>();
  for (const id of ids as unknown[]) {
    if (typeof id !== 'string' || !DEVICE_ID_PATTERN.test(id) || seen.has(id)) return null;
    seen.add(id);
  }
  return [...seen];
}

/** Why: a closed list is gone; its link then says so instead of showing it again. */
export function forgetPastedList(id: string, storage: () => ListStorage): void {
  if (!isPastedListId(id)) return;
  try {
    const store = storage();
    store.removeItem(KEY_PREFIX + id);
    store.setItem(INDEX_KEY, JSON.stringify(readIndex(store).filter((kept) => kept !== id)));
  } catch {
    // Storage blocked: nothing was kept either.
  }
}

function readIndex(store: ListStorage): string[] {
  try {
    const parsed: unknown = JSON.parse(store.getItem(INDEX_KEY) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter((id): id is string => typeof id === 'string' && isPastedListId(id))
      : [];
  } catch {
    return [];
  }
}

import { DEVICE_ID_PATTERN } from '@fleetdeck/shared/app-routes';
import { FLEET_LIST_LIMITS } from '@fleetdeck/shared/fleet-columns';
import type { UnmatchedLine } from './paste-summary.ts';

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
/** Lines without a device kept with a list (the first ones; the rest are counted). */
export const KEPT_UNMATCHED = 500;
const MAX_NOTE_CHARS = 1_000;
/**
 * Far above the largest valid list: 20,000 ids of at most 128 characters, quoted, with commas, and
 * the unmatched lines kept (a pasted value of at most 200 characters and its note, JSON-escaped).
 */
const MAX_STORED_CHARS = FLEET_LIST_LIMITS.resolveLines * 131 + KEPT_UNMATCHED * 2 * (1_300 + 64) + 64;

/** The lines of a paste that are not among its devices, as kept with it. */
export interface KeptUnmatched {
  readonly lines: readonly UnmatchedLine[];
  /** How many there were (more than `lines` past KEPT_UNMATCHED). */
  readonly total: number;
}

export const NO_UNMATCHED: KeptUnmatched = { lines: [], total: 0 };

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
export function keepPastedList(
  id: string,
  ids: readonly string[],
  storage: () => ListStorage,
  unmatched: readonly UnmatchedLine[] = [],
): boolean {
  if (!isPastedListId(id)) return false;
  try {
    const store = storage();
    const index = [...readIndex(store).filter((kept) => kept !== id), id];
    for (const old of index.splice(0, Math.max(0, index.length - KEPT_LISTS))) {
      store.removeItem(KEY_PREFIX + old);
    }
    const kept = unmatched.slice(0, KEPT_UNMATCHED);
    store.setItem(
      KEY_PREFIX + id,
      JSON.stringify({ ids, unmatched: kept, unmatchedTotal: unmatched.length }),
    );
    store.setItem(INDEX_KEY, JSON.stringify(index));
    return true;
  } catch {
    return false;
  }
}

function readKept(id: string, storage: () => ListStorage): unknown {
  if (!isPastedListId(id)) return null;
  try {
    const text = storage().getItem(KEY_PREFIX + id);
    return text === null || text.length > MAX_STORED_CHARS ? null : (JSON.parse(text) as unknown);
  } catch {
    return null;
  }
}

/** Why: the list a URL names, or null when it is not kept here or not a valid list. */
export function readPastedList(id: string, storage: () => ListStorage): string[] | null {
  return validIds(readKept(id, storage));
}

/** Why: the lines kept with a list; none when they are missing or not as written. */
export function readPastedUnmatched(id: string, storage: () => ListStorage): KeptUnmatched {
  const parsed = readKept(id, storage);
  if (typeof parsed !== 'object' || parsed === null || !('unmatched' in parsed)) return NO_UNMATCHED;
  const { unmatched, unmatchedTotal } = parsed as { unmatched: unknown; unmatchedTotal?: unknown };
  if (!Array.isArray(unmatched) || unmatched.length > KEPT_UNMATCHED) return NO_UNMATCHED;
  const lines = (unmatched as unknown[]).filter(isUnmatchedLine);
  if (lines.length !== unmatched.length) return NO_UNMATCHED;
  const total =
    typeof unmatchedTotal === 'number' && Number.isInteger(unmatchedTotal) && unmatchedTotal >= lines.length
      ? Math.min(unmatchedTotal, FLEET_LIST_LIMITS.resolveLines)
      : lines.length;
  return { lines, total };
}

function isUnmatchedLine(value: unknown): value is UnmatchedLine {
  if (typeof value !== 'object' || value === null) return false;
  const { line, input, note } = value as Record<string, unknown>;
  return (
    typeof line === 'number' &&
    Number.isInteger(line) &&
    line > 0 &&
    typeof input === 'string' &&
    input.length <= 200 &&
    typeof note === 'string' &&
    note.length <= MAX_NOTE_CHARS
  );
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

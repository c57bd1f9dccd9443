/**
 * Value syntaxes of the device search language (reference §1.6): dates and date ranges, number
 * ranges, and the word/phrase matching of `user:`, `location:` and `note:`.
 */

/** An inclusive-exclusive interval [from, to) in epoch milliseconds or plain numbers. */
export interface Interval {
  from: number;
  to: number;
}

const DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:T(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/** One date (the whole UTC day) or instant (that second); undefined when malformed. */
function parseInstant(text: string): Interval | undefined {
  const match = DATE.exec(text);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  if (h === undefined) {
    const from = Date.UTC(year, month - 1, day);
    if (new Date(from).getUTCDate() !== day) return undefined;
    return { from, to: from + 86_400_000 };
  }
  const from = Date.UTC(year, month - 1, day, Number(h), Number(mi), Number(s ?? 0));
  return { from, to: from + (s === undefined ? 60_000 : 1_000) };
}

/** `2024-01-01`, `..2024-01-01`, `2024-01-01..`, `2024-01-01..2024-02-01`, with optional `Thh:mm:ss`. */
export function parseDateRange(text: string): Interval | undefined {
  const dots = text.indexOf('..');
  if (dots < 0) return parseInstant(text);
  const left = text.slice(0, dots);
  const right = text.slice(dots + 2);
  if (!left && !right) return undefined;
  const from = left ? parseInstant(left) : { from: Number.NEGATIVE_INFINITY, to: Number.NEGATIVE_INFINITY };
  const to = right ? parseInstant(right) : { from: Number.POSITIVE_INFINITY, to: Number.POSITIVE_INFINITY };
  if (!from || !to || from.from > to.to) return undefined;
  return { from: from.from, to: to.to };
}

/** `123`, `..222`, `111..`, `111..222` (inclusive). */
export function parseNumberRange(text: string): Interval | undefined {
  const number = (part: string) => (/^\d+$/.test(part) ? Number(part) : undefined);
  const dots = text.indexOf('..');
  if (dots < 0) {
    const n = number(text);
    return n === undefined ? undefined : { from: n, to: n + 1 };
  }
  const left = text.slice(0, dots);
  const right = text.slice(dots + 2);
  if (!left && !right) return undefined;
  const from = left ? number(left) : Number.NEGATIVE_INFINITY;
  const to = right ? number(right) : Number.POSITIVE_INFINITY;
  if (from === undefined || to === undefined || from > to) return undefined;
  return { from, to: to + 1 };
}

export function inInterval(value: number, interval: Interval): boolean {
  return value >= interval.from && value < interval.to;
}

/** Lower-cased words of a text, split on anything that is not a letter or a digit. */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * `user:joe` matches "Joe" but not "Joey"; `user:"tom sawyer"` matches "A. Tom Sawyer" but not
 * "Tom A. Sawyer": the query's words must appear in the text as consecutive whole words.
 */
export function containsPhrase(text: string | undefined, phrase: readonly string[]): boolean {
  if (!text || phrase.length === 0) return false;
  const haystack = words(text);
  outer: for (let start = 0; start + phrase.length <= haystack.length; start++) {
    for (let k = 0; k < phrase.length; k++) if (haystack[start + k] !== phrase[k]) continue outer;
    return true;
  }
  return false;
}

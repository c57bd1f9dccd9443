import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ResolveSuggestions } from '@fleetdeck/shared/fleet-contract';
import { DEVICE_QUERY_LIMITS } from '@fleetdeck/shared/device-query-operators';
import { FLEET_LIST_LIMITS } from '@fleetdeck/shared/fleet-columns';
import type { DB } from '../../db/schema.ts';
import { escapeLike } from './fleet-scope.ts';

/**
 * What a pasted value with no exact match may have meant: serials that begin with it (a serial cut
 * short by a spreadsheet column) and serials one character off it (a typo). Both read the
 * (org_id, lower(serial_number)) index only: a prefix is a range of it, a near miss is one of the
 * value's few hundred one-edit variants looked up exactly, all of them in one statement.
 */

/** Serials are letters and digits; the value's own characters (a dash, a dot) are tried as well. */
const SERIAL_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** Shorter values are one edit away from too many serials to mean any of them. */
const NEAR_MIN_LENGTH = 4;
/** Longer values are not serials (their variants would only cost). */
const NEAR_MAX_LENGTH = 40;
/** Rows read per value at most: a short value may be one edit from many serials. */
const NEAR_ROWS_PER_VALUE = 40;

/**
 * Why: every string one edit from `value` (one character changed, added or dropped, or two
 * neighbours swapped), over the serial alphabet and the value's own characters.
 */
export function oneEditVariants(value: string): Set<string> {
  const chars = Array.from(value);
  const alphabet = [...new Set([...Array.from(SERIAL_ALPHABET), ...chars])];
  const variants = new Set<string>();
  for (let i = 0; i <= chars.length; i += 1) {
    const head = chars.slice(0, i).join('');
    const tail = chars.slice(i).join('');
    for (const ch of alphabet) variants.add(head + ch + tail);
    if (i < chars.length) {
      const rest = chars.slice(i + 1).join('');
      variants.add(head + rest);
      for (const ch of alphabet) if (ch !== chars[i]) variants.add(head + ch + rest);
      if (i + 1 < chars.length)
        variants.add(head + (chars[i + 1] ?? '') + (chars[i] ?? '') + chars.slice(i + 2).join(''));
    }
  }
  variants.delete(value);
  return variants;
}

/** The smallest string above every string that begins with `value`, in code point order. */
function upperBound(value: string): string {
  const chars = Array.from(value);
  const last = chars.pop()?.codePointAt(0) ?? 0;
  return chars.join('') + String.fromCodePoint(Math.min(last + 1, 0x10ffff));
}

interface PrefixRow {
  value: string;
  count: number;
  first: string[];
}

async function prefixMatches(
  db: Kysely<DB>,
  scope: RawBuilder<boolean>,
  values: readonly string[],
): Promise<Map<string, PrefixRow>> {
  const cap = FLEET_LIST_LIMITS.resolvePrefixCountCap;
  const few = FLEET_LIST_LIMITS.resolveSuggestionsPerLine;
  // The range serves the index; LIKE keeps the answer exact under any collation.
  const within = sql`${scope} and lower(d.serial_number) > v.value and lower(d.serial_number) < v.upper
    and lower(d.serial_number) like v.pattern`;
  const { rows } = await sql<PrefixRow>`
    select v.value,
      (select count(*)::int from (select 1 from fleet_device d where ${within} limit ${cap + 1}) c) as count,
      array(select d.serial_number from fleet_device d where ${within}
        order by lower(d.serial_number) limit ${few}) as first
    from unnest(${[...values]}::text[], ${values.map(upperBound)}::text[],
      ${values.map((value) => `${escapeLike(value)}%`)}::text[]) as v(value, upper, pattern)`.execute(db);
  return new Map(rows.map((row) => [row.value, row]));
}

async function nearMatches(
  db: Kysely<DB>,
  scope: RawBuilder<boolean>,
  values: readonly string[],
): Promise<Map<string, string[]>> {
  const wanted = new Map<string, string[]>();
  for (const value of values) {
    const length = Array.from(value).length;
    if (length < NEAR_MIN_LENGTH || length > NEAR_MAX_LENGTH) continue;
    for (const variant of oneEditVariants(value)) {
      const list = wanted.get(variant);
      if (list) list.push(value);
      else wanted.set(variant, [value]);
    }
  }
  const near = new Map<string, string[]>();
  if (wanted.size === 0) return near;
  const { rows } = await sql<{ serial_number: string; key: string }>`
    select d.serial_number, lower(d.serial_number) as key from fleet_device d
    where ${scope} and lower(d.serial_number) = any(${[...wanted.keys()]}::text[])
    order by lower(d.serial_number)
    limit ${values.length * NEAR_ROWS_PER_VALUE}`.execute(db);
  for (const row of rows) {
    for (const value of wanted.get(row.key) ?? []) {
      const list = near.get(value) ?? [];
      if (list.length < FLEET_LIST_LIMITS.resolveSuggestionsPerLine) list.push(row.serial_number);
      near.set(value, list);
    }
  }
  return near;
}

/**
 * Why: "no match" alone leaves the admin guessing; "12 serials begin with it" or "did you mean
 * 5CD1234XYZ?" says what to fix. Values shorter than an `id:` partial get no prefix count.
 */
export async function suggestSerials(
  db: Kysely<DB>,
  scope: RawBuilder<boolean>,
  values: readonly string[],
): Promise<Map<string, ResolveSuggestions>> {
  const suggestions = new Map<string, ResolveSuggestions>();
  if (values.length === 0) return suggestions;
  const prefixed = values.filter((value) => Array.from(value).length >= DEVICE_QUERY_LIMITS.minSerialPartial);
  const [prefixes, near] = await Promise.all([
    prefixed.length > 0 ? prefixMatches(db, scope, prefixed) : new Map<string, PrefixRow>(),
    nearMatches(db, scope, values),
  ]);
  const cap = FLEET_LIST_LIMITS.resolvePrefixCountCap;
  for (const value of values) {
    const prefix = prefixes.get(value);
    suggestions.set(value, {
      prefixCount: Math.min(prefix?.count ?? 0, cap),
      prefixCountCapped: (prefix?.count ?? 0) > cap,
      prefixSerials: prefix?.first ?? [],
      nearSerials: near.get(value) ?? [],
    });
  }
  return suggestions;
}

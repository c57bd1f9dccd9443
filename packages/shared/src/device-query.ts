/**
 * The fleet's device query language: Google's documented `chromeosdevices.list` operators (status,
 * id, asset_id, user, sync, aue, ...) with their date and number ranges, plus our own terms (ou, battery,
 * stale, active, has, ...) and free text. One parser for the browser (validation as you type,
 * autocomplete) and the server (which compiles the AST to parameterised SQL). Zod-free and DOM-free.
 *
 * Grammar: terms separated by whitespace are AND-ed; `-term` negates; `field:a,b` matches either
 * value; values may be quoted with "..." or '...' (backslash escapes the quote); a bare word or a
 * quoted phrase is free text over serial, asset ID, user, location, notes and model.
 */
import {
  DEVICE_QUERY_LIMITS,
  findDeviceQueryOperator,
  OPERATOR_BY_NAME,
  type DeviceQueryOperator,
  type DeviceQueryOperatorName,
  type HasField,
} from './device-query-operators.ts';
import { parseValue, type RawValue } from './device-query-values.ts';
import { describeUnsafeCharacter, findUnsafeCharacter } from './unsafe-text.ts';

export type DurationUnit = 'd' | 'w' | 'm' | 'y';

/** A value of a term, already validated and typed: the server compiles it without re-parsing. */
export type DeviceQueryValue =
  /** Text compared as the operator defines (partial, exact, word); `prefix` for `chrome_version:111;prefix`. */
  | { readonly kind: 'text'; readonly text: string; readonly prefix: boolean }
  /** Stored values (exact), optionally including "no value"; `exclude` inverts (`status:managed`). */
  | {
      readonly kind: 'enum';
      readonly values: readonly string[];
      readonly includeNull: boolean;
      readonly exclude: boolean;
    }
  /** Half-open range of dates or UTC instants: `gte <= value < lt`. ISO `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM:SSZ`. */
  | { readonly kind: 'dateRange'; readonly gte: string | null; readonly lt: string | null }
  /** `stale:30d`, `active:7d`: a span back from now. */
  | { readonly kind: 'relative'; readonly amount: number; readonly unit: DurationUnit }
  /** `aue:expired` */
  | { readonly kind: 'aueExpired' }
  /** `aue:<6m`: from today (inclusive) to today + span (exclusive). */
  | { readonly kind: 'aueWithin'; readonly amount: number; readonly unit: DurationUnit }
  /** Inclusive number range (bytes for storage and RAM). */
  | { readonly kind: 'numberRange'; readonly gte: number | null; readonly lte: number | null }
  /** `storage_free:..10%`: free share of total, `gte <= share < lt` (percent). */
  | { readonly kind: 'percentRange'; readonly gte: number | null; readonly lt: number | null }
  | { readonly kind: 'boolean'; readonly value: boolean }
  /** `ou:/Path` (subtree) or `ou:=/Path` (that OU only). Paths compare case-insensitively. */
  | { readonly kind: 'orgUnit'; readonly path: string; readonly subtree: boolean }
  /** `has:model`: the named column has a value (`present: false`: has none, as `aue:unknown`). */
  | { readonly kind: 'has'; readonly field: HasField; readonly present: boolean };

export interface DeviceQueryFieldTerm {
  readonly kind: 'field';
  readonly operator: DeviceQueryOperatorName;
  readonly negated: boolean;
  /** OR-ed alternatives (`field:a,b`). */
  readonly values: readonly DeviceQueryValue[];
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

export interface DeviceQueryTextTerm {
  readonly kind: 'text';
  readonly negated: boolean;
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

export type DeviceQueryTerm = DeviceQueryFieldTerm | DeviceQueryTextTerm;

/** The parsed query: terms AND-ed. An empty list matches every device. */
export interface DeviceQueryAst {
  readonly terms: readonly DeviceQueryTerm[];
}

export interface DeviceQueryError {
  readonly message: string;
  /** Offsets into the query text (end exclusive). */
  readonly start: number;
  readonly end: number;
  readonly term: string;
}

export type DeviceQueryParseResult =
  | { readonly ok: true; readonly query: DeviceQueryAst }
  | { readonly ok: false; readonly errors: readonly DeviceQueryError[] };

// ---------------------------------------------------------------------------------------------
// Tokenizer

interface RawTerm {
  start: number;
  end: number;
  negated: boolean;
  /** Operator name as written, or null for free text. */
  name: string | null;
  nameEnd: number;
  values: RawValue[];
}

class QueryError extends Error {
  readonly start: number;
  readonly end: number;
  constructor(message: string, start: number, end: number) {
    super(message);
    this.start = start;
    this.end = end;
  }
}

const OPERATOR_NAME = /^[A-Za-z_]+$/;

function isSpace(ch: string): boolean {
  return ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r' || ch === '\f' || ch === '\v';
}

/** Reads one value chunk sequence up to whitespace (and, when `splitCommas`, a comma). */
function readValue(input: string, from: number, splitCommas: boolean): RawValue & { next: number } {
  let i = from;
  let text = '';
  let quoted = false;
  while (i < input.length) {
    const ch = input[i] as string;
    if (isSpace(ch) || (splitCommas && ch === ',')) break;
    if (ch === '"' || ch === "'") {
      const open = i;
      quoted = true;
      i += 1;
      let closed = false;
      while (i < input.length) {
        const c = input[i] as string;
        if (c === '\\' && (input[i + 1] === ch || input[i + 1] === '\\')) {
          text += input[i + 1] as string;
          i += 2;
          continue;
        }
        if (c === ch) {
          closed = true;
          i += 1;
          break;
        }
        text += c;
        i += 1;
      }
      if (!closed)
        throw new QueryError(`Unterminated quote at position ${open}. Close it with ${ch}.`, open, i);
      continue;
    }
    text += ch;
    i += 1;
  }
  return { text, quoted, start: from, end: i, next: i };
}

function tokenize(input: string, errors: DeviceQueryError[]): RawTerm[] {
  const terms: RawTerm[] = [];
  let i = 0;
  while (i < input.length) {
    if (isSpace(input[i] as string)) {
      i += 1;
      continue;
    }
    const start = i;
    let negated = false;
    if (input[i] === '-' && i + 1 < input.length && !isSpace(input[i + 1] as string)) {
      negated = true;
      i += 1;
    }
    try {
      const colon = nameColon(input, i);
      if (colon !== null) {
        const name = input.slice(i, colon);
        const values: RawValue[] = [];
        let j = colon + 1;
        for (;;) {
          const value = readValue(input, j, true);
          values.push(value);
          j = value.next;
          if (input[j] === ',') {
            j += 1;
            continue;
          }
          break;
        }
        terms.push({ start, end: j, negated, name, nameEnd: colon, values });
        i = j;
      } else {
        const value = readValue(input, i, false);
        terms.push({ start, end: value.next, negated, name: null, nameEnd: i, values: [value] });
        i = value.next;
      }
    } catch (error) {
      if (!(error instanceof QueryError)) throw error;
      errors.push({
        message: error.message,
        start: error.start,
        end: input.length,
        term: input.slice(start),
      });
      return terms;
    }
  }
  return terms;
}

/** The index of the `:` of an `operator:` prefix starting at `from`, or null when it is free text. */
function nameColon(input: string, from: number): number | null {
  let i = from;
  while (i < input.length && /[A-Za-z_]/.test(input[i] as string)) i += 1;
  if (i === from || input[i] !== ':') return null;
  return OPERATOR_NAME.test(input.slice(from, i)) ? i : null;
}

// ---------------------------------------------------------------------------------------------
// Parse

/** Why: suggestions for a mistyped operator ("stauts" → "status"). */
function closestOperator(name: string): string | null {
  let best: string | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of OPERATOR_BY_NAME.keys()) {
    const distance = editDistance(name.toLowerCase(), candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  if (best === null) return null;
  return bestDistance <= Math.max(2, Math.floor(name.length / 3))
    ? (OPERATOR_BY_NAME.get(best)?.name ?? best)
    : null;
}

function editDistance(a: string, b: string): number {
  const previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    let diagonal = previous[0] as number;
    previous[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const above = previous[j] as number;
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      previous[j] = Math.min(above + 1, (previous[j - 1] as number) + 1, diagonal + cost);
      // Transposition ("stauts") counts as one edit.
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        previous[j] = Math.min(previous[j] as number, diagonal);
      }
      diagonal = above;
    }
  }
  return previous[b.length] as number;
}

/**
 * Why: one parser for browser and server; every error names the term and its position so the
 * search box can underline it and the API can answer 400 with the same words.
 */
export function parseDeviceQuery(input: string): DeviceQueryParseResult {
  if (input.length > DEVICE_QUERY_LIMITS.maxChars) {
    return {
      ok: false,
      errors: [
        {
          message: `Query too long: ${input.length} characters at position ${DEVICE_QUERY_LIMITS.maxChars}. Use at most ${DEVICE_QUERY_LIMITS.maxChars}.`,
          start: DEVICE_QUERY_LIMITS.maxChars,
          end: input.length,
          term: input.slice(DEVICE_QUERY_LIMITS.maxChars, DEVICE_QUERY_LIMITS.maxChars + 40),
        },
      ],
    };
  }
  // The server refuses these in any query parameter; the search box says so before sending.
  const unsafe = findUnsafeCharacter(input, false);
  if (unsafe) {
    const { index } = unsafe;
    const message = `The query ${describeUnsafeCharacter(unsafe)}. Remove it (it often comes with a copy and paste).`;
    return {
      ok: false,
      errors: [{ message, start: index, end: index + 1, term: input.slice(index, index + 1) }],
    };
  }
  const errors: DeviceQueryError[] = [];
  const rawTerms = tokenize(input, errors);
  const terms: DeviceQueryTerm[] = [];
  for (const [index, raw] of rawTerms.entries()) {
    const termText = input.slice(raw.start, raw.end);
    if (index >= DEVICE_QUERY_LIMITS.maxTerms) {
      errors.push({
        message: `Too many terms at position ${raw.start}: use at most ${DEVICE_QUERY_LIMITS.maxTerms}.`,
        start: raw.start,
        end: input.length,
        term: termText,
      });
      break;
    }
    const fail = (message: string, start = raw.start, end = raw.end): void => {
      errors.push({ message, start, end, term: termText });
    };
    if (raw.name === null) {
      const value = raw.values[0] as RawValue;
      if (value.text.trim() === '') {
        fail(`Empty phrase at position ${raw.start}. Type something between the quotes.`);
        continue;
      }
      terms.push({ kind: 'text', negated: raw.negated, text: value.text, start: raw.start, end: raw.end });
      continue;
    }
    const nameStart = raw.negated ? raw.start + 1 : raw.start;
    const operator = findDeviceQueryOperator(raw.name);
    if (!operator) {
      const suggestion = closestOperator(raw.name);
      fail(
        `Unknown operator "${raw.name}" at position ${nameStart}.${suggestion ? ` Did you mean "${suggestion}"?` : ' See the list of search terms.'}`,
        nameStart,
        raw.nameEnd,
      );
      continue;
    }
    if (raw.values.length > DEVICE_QUERY_LIMITS.maxValuesPerTerm) {
      fail(
        `Too many values in "${operator.name}:" at position ${raw.start}: use at most ${DEVICE_QUERY_LIMITS.maxValuesPerTerm}.`,
      );
      continue;
    }
    const values: DeviceQueryValue[] = [];
    let failed = false;
    for (const value of raw.values) {
      const parsed = value.text === '' ? 'Empty value' : parseValue(operator, value);
      if (typeof parsed === 'string') {
        const where = value.text === '' ? raw.nameEnd : value.start;
        const detail =
          parsed === 'Empty value' ? `Empty value for "${raw.name}:"` : `${parsed} in "${raw.name}:"`;
        fail(`${detail} at position ${where}.${hintFor(operator)}`, where, Math.max(value.end, where + 1));
        failed = true;
        break;
      }
      values.push(parsed);
    }
    if (failed) continue;
    terms.push({
      kind: 'field',
      operator: operator.name,
      negated: raw.negated,
      values,
      start: raw.start,
      end: raw.end,
      text: termText,
    });
  }
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, query: { terms } };
}

function hintFor(operator: DeviceQueryOperator): string {
  return ` Expected ${operator.hint}.`;
}

/** Why: facet buckets and dashboard links write terms that survive any value (spaces, quotes). */
export function quoteDeviceQueryValue(value: string): string {
  if (/^[^\s"',]+$/.test(value) && !value.startsWith('-')) return value;
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

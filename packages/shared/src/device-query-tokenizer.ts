/**
 * The device query's tokenizer: splits a query into raw terms (`-`negation, `operator:` prefix,
 * comma-separated values, quotes with backslash escapes) with their offsets, before any value is
 * checked against its operator.
 */
import type { DeviceQueryError } from './device-query-ast.ts';
import type { RawValue } from './device-query-values.ts';

export interface RawTerm {
  start: number;
  end: number;
  negated: boolean;
  /** Operator name as written, or null for free text. */
  name: string | null;
  nameEnd: number;
  values: RawValue[];
}

export class QueryError extends Error {
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

export function tokenize(input: string, errors: DeviceQueryError[]): RawTerm[] {
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

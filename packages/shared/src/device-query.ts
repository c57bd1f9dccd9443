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
  type DeviceQueryOperator,
} from './device-query-operators.ts';
import type {
  DeviceQueryError,
  DeviceQueryParseResult,
  DeviceQueryTerm,
  DeviceQueryValue,
} from './device-query-ast.ts';
import { closestOperator } from './device-query-suggest.ts';
import { tokenize, type RawTerm } from './device-query-tokenizer.ts';
import { parseValue, type RawValue } from './device-query-values.ts';
import { describeUnsafeCharacter, findUnsafeCharacter } from './unsafe-text.ts';

export type {
  DeviceQueryAst,
  DeviceQueryError,
  DeviceQueryFieldTerm,
  DeviceQueryParseResult,
  DeviceQueryTerm,
  DeviceQueryTextTerm,
  DeviceQueryValue,
  DurationUnit,
} from './device-query-ast.ts';

/**
 * Why: one parser for browser and server; every error names the term and its position so the
 * search box can underline it and the API can answer 400 with the same words.
 */
export function parseDeviceQuery(input: string): DeviceQueryParseResult {
  const refused = inputProblem(input);
  if (refused) return { ok: false, errors: [refused] };
  const errors: DeviceQueryError[] = [];
  const rawTerms = tokenize(input, errors);
  const terms: DeviceQueryTerm[] = [];
  for (const [index, raw] of rawTerms.entries()) {
    if (index >= DEVICE_QUERY_LIMITS.maxTerms) {
      errors.push({
        message: `Too many terms at position ${raw.start}: use at most ${DEVICE_QUERY_LIMITS.maxTerms}.`,
        start: raw.start,
        end: input.length,
        term: input.slice(raw.start, raw.end),
      });
      break;
    }
    const term = parseTerm(input, raw, errors);
    if (term) terms.push(term);
  }
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, query: { terms } };
}

/** A query refused as a whole: too long, or holding a character the server refuses. */
function inputProblem(input: string): DeviceQueryError | undefined {
  if (input.length > DEVICE_QUERY_LIMITS.maxChars) {
    return {
      message: `Query too long: ${input.length} characters at position ${DEVICE_QUERY_LIMITS.maxChars}. Use at most ${DEVICE_QUERY_LIMITS.maxChars}.`,
      start: DEVICE_QUERY_LIMITS.maxChars,
      end: input.length,
      term: input.slice(DEVICE_QUERY_LIMITS.maxChars, DEVICE_QUERY_LIMITS.maxChars + 40),
    };
  }
  // The server refuses these in any query parameter; the search box says so before sending.
  const unsafe = findUnsafeCharacter(input, false);
  if (!unsafe) return undefined;
  const { index } = unsafe;
  const message = `The query ${describeUnsafeCharacter(unsafe)}. Remove it (it often comes with a copy and paste).`;
  return { message, start: index, end: index + 1, term: input.slice(index, index + 1) };
}

/** One raw term as a typed term, or undefined after recording why it is wrong. */
function parseTerm(input: string, raw: RawTerm, errors: DeviceQueryError[]): DeviceQueryTerm | undefined {
  const termText = input.slice(raw.start, raw.end);
  const fail = (message: string, start = raw.start, end = raw.end): undefined => {
    errors.push({ message, start, end, term: termText });
    return undefined;
  };
  if (raw.name === null) {
    const value = raw.values[0] as RawValue;
    if (value.text.trim() === '')
      return fail(`Empty phrase at position ${raw.start}. Type something between the quotes.`);
    return { kind: 'text', negated: raw.negated, text: value.text, start: raw.start, end: raw.end };
  }
  const nameStart = raw.negated ? raw.start + 1 : raw.start;
  const operator = findDeviceQueryOperator(raw.name);
  if (!operator) {
    const suggestion = closestOperator(raw.name);
    return fail(
      `Unknown operator "${raw.name}" at position ${nameStart}.${suggestion ? ` Did you mean "${suggestion}"?` : ' See the list of search terms.'}`,
      nameStart,
      raw.nameEnd,
    );
  }
  if (raw.values.length > DEVICE_QUERY_LIMITS.maxValuesPerTerm) {
    return fail(
      `Too many values in "${operator.name}:" at position ${raw.start}: use at most ${DEVICE_QUERY_LIMITS.maxValuesPerTerm}.`,
    );
  }
  const values = parseTermValues(raw, raw.name, operator, fail);
  if (!values) return undefined;
  return {
    kind: 'field',
    operator: operator.name,
    negated: raw.negated,
    values,
    start: raw.start,
    end: raw.end,
    text: termText,
  };
}

/** The term's values checked against its operator; the first bad one fails the term. */
function parseTermValues(
  raw: RawTerm,
  name: string,
  operator: DeviceQueryOperator,
  fail: (message: string, start: number, end: number) => undefined,
): DeviceQueryValue[] | undefined {
  const values: DeviceQueryValue[] = [];
  for (const value of raw.values) {
    const parsed = value.text === '' ? 'Empty value' : parseValue(operator, value);
    if (typeof parsed === 'string') {
      const where = value.text === '' ? raw.nameEnd : value.start;
      const detail = parsed === 'Empty value' ? `Empty value for "${name}:"` : `${parsed} in "${name}:"`;
      return fail(
        `${detail} at position ${where}.${hintFor(operator)}`,
        where,
        Math.max(value.end, where + 1),
      );
    }
    values.push(parsed);
  }
  return values;
}

function hintFor(operator: DeviceQueryOperator): string {
  return ` Expected ${operator.hint}.`;
}

/** Why: facet buckets and dashboard links write terms that survive any value (spaces, quotes). */
export function quoteDeviceQueryValue(value: string): string {
  if (/^[^\s"',]+$/.test(value) && !value.startsWith('-')) return value;
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

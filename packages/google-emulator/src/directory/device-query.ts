/**
 * The `query` parameter of chromeosdevices.list (reference §1.6): `operator:value` terms, values
 * quoted with "…" or '…' when they hold spaces, terms separated by spaces and AND-ed, bare words as
 * free text. Operators and values are case-insensitive. Anything malformed is Google's
 * 400 `invalidInput`. A query compiles once into a predicate over device rows.
 */
import { invalidInput } from '../http/google-errors.ts';
import { annotation } from '../state/device-annotations.ts';
import { modelOf } from '../state/device-life.ts';
import type { EmulatorState } from '../state/emulator-state.ts';
import { parseMacHex } from '../state/mac-address.ts';
import { TERM_COMPILERS, termContext, type DevicePredicate, type Term } from './device-query-terms.ts';

export type { DevicePredicate } from './device-query-terms.ts';

/** Splits a query into terms; quotes group words, `op:"a b"` keeps its operator. */
export function tokenize(query: string): Term[] {
  const terms: Term[] = [];
  let at = 0;
  while (at < query.length) {
    while (at < query.length && /\s/.test(query[at] as string)) at++;
    if (at >= query.length) break;
    let operator: string | undefined;
    const opMatch = /^([A-Za-z_]+):/.exec(query.slice(at));
    if (opMatch) {
      operator = (opMatch[1] as string).toLowerCase();
      at += opMatch[0].length;
    }
    let value: string;
    const quote = query[at];
    if (quote === '"' || quote === "'") {
      const close = query.indexOf(quote, at + 1);
      if (close < 0) throw invalidInput(`Unterminated quote in query: ${query}`);
      value = query.slice(at + 1, close);
      at = close + 1;
    } else {
      const start = at;
      while (at < query.length && !/\s/.test(query[at] as string)) at++;
      value = query.slice(start, at);
    }
    if (operator !== undefined && value === '')
      throw invalidInput(`Missing value for ${operator} in query: ${query}`);
    terms.push(operator === undefined ? { value } : { operator, value });
  }
  return terms;
}

/** Compiles `query` against the emulator's fleet at the current clock reading. */
export function compileDeviceQuery(state: EmulatorState, query: string): DevicePredicate {
  const predicates = tokenize(query).map((term) => compileTerm(state, term, query));
  if (predicates.length === 0) return () => true;
  if (predicates.length === 1) return predicates[0] as DevicePredicate;
  return (i) => predicates.every((p) => p(i));
}

function compileTerm(state: EmulatorState, term: Term, query: string): DevicePredicate {
  if (term.operator === undefined) return freeText(state, term.value.toLowerCase());
  const compile = TERM_COMPILERS.get(term.operator);
  if (!compile) throw invalidInput(`Unknown search operator '${term.operator}' in query: ${query}`);
  return compile(termContext(state, term, query));
}

/** A word without an operator: serial, asset tag, user, location, notes, model, MAC or device id. */
function freeText(state: EmulatorState, lower: string): DevicePredicate {
  const fleet = state.fleet;
  const d = fleet.devices;
  const mac = parseMacHex(lower);
  return (i) =>
    (d.serial[i] as string).toLowerCase().includes(lower) ||
    d.deviceId[i] === lower ||
    (mac !== undefined && (d.wifiMac[i] === mac || d.ethernetMac[i] === mac)) ||
    modelOf(fleet, i).apiModel.toLowerCase().includes(lower) ||
    (['annotatedAssetId', 'annotatedUser', 'annotatedLocation', 'notes'] as const).some((field) =>
      annotation(fleet, i, field)?.toLowerCase().includes(lower),
    );
}

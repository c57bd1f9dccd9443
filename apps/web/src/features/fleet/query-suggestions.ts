import {
  findDeviceQueryOperator,
  suggestDeviceQueryOperators,
} from '@fleetdeck/shared/device-query-operators';

/**
 * Autocomplete for the query box: while a term is typed, the operators it could start, and once
 * `operator:` is typed, that operator's values. Works on the word at the caret only.
 */

export interface QuerySuggestion {
  readonly label: string;
  /** Replaces the text from `from` to the caret. */
  readonly insert: string;
  readonly detail: string;
}

const MAX_SUGGESTIONS = 8;

/** Why: the suggestions depend on the word being typed, not on the whole query. */
export function suggestionsAt(text: string, caret: number): { from: number; items: QuerySuggestion[] } {
  let from = caret;
  while (from > 0 && !/\s/.test(text.charAt(from - 1))) from -= 1;
  if (text.charAt(from) === '-') from += 1;
  const word = text.slice(from, caret);
  if (word === '' || word.includes('"') || word.includes("'")) return { from, items: [] };
  const colon = word.indexOf(':');
  if (colon === -1) {
    const items = suggestDeviceQueryOperators(word)
      .slice(0, MAX_SUGGESTIONS)
      .map((operator) => ({
        label: `${operator.name}:`,
        insert: `${operator.name}:`,
        detail: operator.description,
      }));
    return { from, items };
  }
  const operator = findDeviceQueryOperator(word.slice(0, colon));
  if (!operator) return { from, items: [] };
  const valueStart = Math.max(colon, word.lastIndexOf(',')) + 1;
  const typed = word.slice(valueStart).toLowerCase();
  const head = word.slice(0, valueStart);
  const items = operator.values
    .filter((value) => value.toLowerCase().startsWith(typed) && value.toLowerCase() !== typed)
    .slice(0, MAX_SUGGESTIONS)
    .map((value) => ({ label: value, insert: `${head}${value}`, detail: operator.description }));
  if (items.length === 0 && typed === '')
    return { from, items: [{ label: operator.hint, insert: head, detail: operator.description }] };
  return { from, items };
}

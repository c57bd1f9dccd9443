import { useMemo, useState, type KeyboardEvent, type RefObject } from 'react';
import { suggestionsAt, type QuerySuggestion } from '../query-suggestions.ts';
import type { TypedQuery } from './use-typed-query.ts';

/**
 * Why: autocomplete offers the operators and their values that fit at the caret. The list opens
 * as the admin types or focuses the box; arrows move through it, Enter or Tab takes the
 * highlighted suggestion (the caret lands after it) and Escape closes it.
 */
export function useQueryAutocomplete(query: TypedQuery, inputRef: RefObject<HTMLInputElement | null>) {
  const { text, caret, edit } = query;
  const [open, setOpen] = useState(false);
  const [highlight, setHighlight] = useState(0);
  const suggestions = useMemo(() => suggestionsAt(text, caret), [text, caret]);
  const showList = open && suggestions.items.length > 0;

  const accept = (suggestion: QuerySuggestion) => {
    const next = text.slice(0, suggestions.from) + suggestion.insert + text.slice(caret);
    const position = suggestions.from + suggestion.insert.length;
    edit(next, position);
    setHighlight(0);
    requestAnimationFrame(() => inputRef.current?.setSelectionRange(position, position));
  };

  /** Handles a key meant for the open list; false when the key is the box's own. */
  const onListKey = (event: KeyboardEvent<HTMLInputElement>): boolean => {
    if (!showList) return false;
    const count = suggestions.items.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setHighlight((current) => (current + (event.key === 'ArrowDown' ? 1 : count - 1)) % count);
      return true;
    }
    const chosen = suggestions.items[Math.min(highlight, count - 1)];
    if ((event.key === 'Enter' || event.key === 'Tab') && chosen) {
      event.preventDefault();
      accept(chosen);
      return true;
    }
    if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      return true;
    }
    return false;
  };

  return {
    items: suggestions.items,
    showList,
    highlight,
    setHighlight,
    setOpen,
    accept,
    onListKey,
    /** The admin typed: the list opens on its first suggestion. */
    onTyped: () => {
      setOpen(true);
      setHighlight(0);
    },
  };
}

export type QueryAutocomplete = ReturnType<typeof useQueryAutocomplete>;

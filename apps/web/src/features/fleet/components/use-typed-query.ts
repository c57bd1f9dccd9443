import { useEffect, useMemo, useRef, useState } from 'react';
import { parseDeviceQuery, type DeviceQueryError } from '@fleetdeck/shared/device-query';

const DEBOUNCE_MS = 250;

export interface TypedQuery {
  readonly text: string;
  /** Where the caret stands in `text`: autocomplete offers what fits there. */
  readonly caret: number;
  readonly setCaret: (caret: number) => void;
  /** Whether `text` parses (a term still being typed does not, though it is not flagged). */
  readonly valid: boolean;
  /** The mistakes to show: every parse error but the empty value of a term being typed. */
  readonly errors: readonly DeviceQueryError[];
  /** The admin's own edit: `caret` moves the caret, when given. */
  readonly edit: (next: string, caret?: number) => void;
  /** Commits the text at once (Enter) when it parses. */
  readonly commitNow: () => void;
}

/**
 * Why: the query box's text is the admin's until it parses. The shared parser checks it on every
 * keystroke; only a valid query reaches the URL, after a short pause in typing (or at once on
 * Enter), and only the admin's own edits are committed, never a value that came from the URL.
 */
export function useTypedQuery({
  value,
  onCommit,
  onValidityChange,
}: {
  value: string;
  onCommit: (query: string) => void;
  onValidityChange: (valid: boolean) => void;
}): TypedQuery {
  const [text, setText] = useState(value);
  const [caret, setCaret] = useState(value.length);
  const committed = useRef(value);
  const [dirty, setDirty] = useState(false);

  // The URL changed from elsewhere (a facet, a saved view, back/forward): show it.
  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setText(value);
      setDirty(false);
    }
  }, [value]);

  const result = useMemo(() => parseDeviceQuery(text), [text]);
  // A term still being typed (`status:` with the caret after it) is not flagged yet; the query
  // still counts as invalid, so nothing runs on it.
  const errors = result.ok
    ? []
    : result.errors.filter((error) => !(error.end === caret && error.message.startsWith('Empty value')));
  // Only a flagged mistake marks the results as out of date; a term still being typed does not.
  const flagged = errors.length > 0;
  useEffect(() => onValidityChange(!flagged), [flagged, onValidityChange]);

  useEffect(() => {
    if (!dirty || !result.ok || text === committed.current) return;
    const timer = setTimeout(() => {
      committed.current = text;
      onCommit(text);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [dirty, text, result.ok, onCommit]);

  const edit = (next: string, caretAt?: number) => {
    setText(next);
    setDirty(true);
    if (caretAt !== undefined) setCaret(caretAt);
  };
  const commitNow = () => {
    if (!result.ok) return;
    committed.current = text;
    onCommit(text);
  };
  return { text, caret, setCaret, valid: result.ok, errors, edit, commitNow };
}

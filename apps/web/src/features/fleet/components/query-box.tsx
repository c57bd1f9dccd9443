import { Suspense, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { CircleAlert, CircleHelp, Search, X } from 'lucide-react';
import { parseDeviceQuery, type DeviceQueryError } from '@fleetdeck/shared/device-query';
import type { DeviceQueryOperator } from '@fleetdeck/shared/device-query-operators';
import { cn } from '../../../lib/cn.ts';
import { lazyComponent } from '../../../lib/lazy-component.ts';
import { suggestionsAt, type QuerySuggestion } from '../query-suggestions.ts';
import { PastedListNote } from './pasted-list-notes.tsx';
import type { QueryHelpProps } from './query-help.tsx';

const QueryHelp = lazyComponent<QueryHelpProps>(() =>
  import('./query-help.tsx').then((module) => ({ default: module.QueryHelp })),
);

const DEBOUNCE_MS = 250;

/**
 * The query box: the shared parser checks the text on every keystroke (errors name the term and
 * its position and the bad part is marked), autocomplete offers operators and their values, and
 * only a valid query reaches the URL (after a short pause in typing).
 */
export function QueryBox({
  value,
  onCommit,
  onValidityChange,
  inputRef,
  pastedCount = null,
}: {
  /** The query in the URL. */
  value: string;
  onCommit: (query: string) => void;
  /** Whether the typed text parses: while it does not, the results shown are for the URL's query. */
  onValidityChange: (valid: boolean) => void;
  inputRef: React.RefObject<HTMLInputElement | null>;
  /** Devices of the pasted list the table shows instead of this search's matches, or null. */
  pastedCount?: number | null;
}) {
  const [text, setText] = useState(value);
  const [caret, setCaret] = useState(value.length);
  const [open, setOpen] = useState(false);
  const [highlight, setHighlight] = useState(0);
  const [helpOpen, setHelpOpen] = useState(false);
  const helpButtonRef = useRef<HTMLButtonElement>(null);
  const committed = useRef(value);
  // Only the admin's own edits are committed to the URL, never a value that came from the URL.
  const [dirty, setDirty] = useState(false);
  const id = useId();

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

  const suggestions = useMemo(() => suggestionsAt(text, caret), [text, caret]);
  const showList = open && suggestions.items.length > 0;

  const accept = (suggestion: QuerySuggestion) => {
    const next = text.slice(0, suggestions.from) + suggestion.insert + text.slice(caret);
    const position = suggestions.from + suggestion.insert.length;
    setText(next);
    setDirty(true);
    setCaret(position);
    setHighlight(0);
    requestAnimationFrame(() => inputRef.current?.setSelectionRange(position, position));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (showList) {
      const count = suggestions.items.length;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        setHighlight((current) => (current + (event.key === 'ArrowDown' ? 1 : count - 1)) % count);
        return;
      }
      const chosen = suggestions.items[Math.min(highlight, count - 1)];
      if ((event.key === 'Enter' || event.key === 'Tab') && chosen) {
        event.preventDefault();
        accept(chosen);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setOpen(false);
        return;
      }
    }
    if (event.key === 'Enter' && result.ok) {
      committed.current = text;
      onCommit(text);
    }
    if (event.key === 'Escape' && text !== '') {
      event.preventDefault();
      setText('');
      setDirty(true);
      setCaret(0);
    }
  };

  const listId = `${id}-suggestions`;
  const errorId = `${id}-errors`;
  const pastedId = `${id}-pasted`;
  const describedBy = [errors.length > 0 ? errorId : null, pastedCount !== null ? pastedId : null]
    .filter((part) => part !== null)
    .join(' ');
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-2">
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <input
          ref={inputRef}
          id="fleet-search"
          type="search"
          role="combobox"
          aria-label="Search devices"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showList ? `${listId}-${highlight}` : undefined}
          aria-invalid={errors.length > 0 || undefined}
          aria-describedby={describedBy || undefined}
          autoComplete="off"
          spellCheck={false}
          value={text}
          placeholder="Search serial, user, asset ID, or a query like status:ACTIVE aue:<6m"
          onChange={(event) => {
            setText(event.target.value);
            setDirty(true);
            setCaret(event.target.selectionStart ?? event.target.value.length);
            setOpen(true);
            setHighlight(0);
          }}
          onSelect={(event) => setCaret(event.currentTarget.selectionStart ?? 0)}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
          className={cn(
            'h-9 w-full min-w-0 rounded-md border border-input bg-surface pr-20 pl-9 font-mono text-[0.8125rem] text-foreground shadow-card placeholder:font-sans placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring [&::-webkit-search-cancel-button]:hidden',
            errors.length > 0 && 'border-danger focus-visible:outline-danger',
          )}
        />
        <div className="absolute top-1/2 right-1.5 flex -translate-y-1/2 items-center gap-0.5">
          {text !== '' ? (
            <button
              type="button"
              aria-label="Clear search"
              className="rounded p-1 text-muted-foreground hover:bg-muted hover:text-foreground"
              onClick={() => {
                setText('');
                setDirty(true);
                inputRef.current?.focus();
              }}
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          ) : (
            <kbd className="mr-1 hidden rounded border border-border px-1.5 font-mono text-[0.6875rem] text-muted-foreground sm:inline">
              /
            </kbd>
          )}
          <button
            ref={helpButtonRef}
            type="button"
            aria-label="Query help"
            aria-expanded={helpOpen}
            className={cn(
              'rounded p-1 text-muted-foreground hover:bg-muted hover:text-foreground',
              helpOpen && 'bg-muted text-foreground',
            )}
            onClick={() => setHelpOpen((current) => !current)}
          >
            <CircleHelp className="size-4" aria-hidden="true" />
          </button>
        </div>
        {showList ? (
          <ul
            id={listId}
            role="listbox"
            aria-label="Suggestions"
            className="absolute top-full left-0 z-30 mt-1 max-h-72 w-[min(32rem,100%)] overflow-auto rounded-md border border-border bg-surface-raised p-1 shadow-overlay"
          >
            {suggestions.items.map((item, index) => (
              <li
                key={item.insert}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === highlight}
                onMouseDown={(event) => {
                  event.preventDefault();
                  accept(item);
                }}
                onMouseEnter={() => setHighlight(index)}
                className={cn(
                  'flex cursor-default items-baseline gap-3 rounded-sm px-2 py-1.5 text-sm',
                  index === highlight && 'bg-muted',
                )}
              >
                <span className="font-mono text-[0.8125rem] text-foreground">{item.label}</span>
                <span className="truncate text-xs text-muted-foreground">{item.detail}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {pastedCount !== null ? <PastedListNote id={pastedId} count={pastedCount} what="search" /> : null}
      {errors.length > 0 ? <QueryErrors id={errorId} text={text} errors={errors} /> : null}
      {helpOpen ? (
        <Suspense fallback={null}>
          <QueryHelp
            onPick={(operator: DeviceQueryOperator) => {
              const insert = `${operator.name}:`;
              const next = text === '' || text.endsWith(' ') ? text + insert : `${text} ${insert}`;
              setText(next);
              setDirty(true);
              setCaret(next.length);
              inputRef.current?.focus();
            }}
            onClose={() => {
              setHelpOpen(false);
              helpButtonRef.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/** The query with its bad parts marked, then one line per error. */
function QueryErrors({
  id,
  text,
  errors,
}: {
  id: string;
  text: string;
  errors: readonly DeviceQueryError[];
}) {
  const sorted = [...errors].sort((a, b) => a.start - b.start);
  const parts: { text: string; bad: boolean }[] = [];
  let at = 0;
  for (const error of sorted) {
    const start = Math.max(at, error.start);
    const end = Math.max(start, Math.min(text.length, error.end));
    if (start > at) parts.push({ text: text.slice(at, start), bad: false });
    parts.push({ text: text.slice(start, end) || ' ', bad: true });
    at = end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), bad: false });
  return (
    <div
      id={id}
      role="alert"
      data-testid="fleet-query-errors"
      className="flex flex-col gap-1.5 rounded-md bg-danger-subtle px-3 py-2 text-sm text-danger-subtle-foreground"
    >
      <code className="overflow-x-auto font-mono text-[0.8125rem] whitespace-pre text-foreground">
        {parts.map((part, index) =>
          part.bad ? (
            <mark
              key={index}
              className="rounded-sm bg-danger/20 text-danger-subtle-foreground underline decoration-danger decoration-wavy underline-offset-4"
            >
              {part.text}
            </mark>
          ) : (
            <span key={index}>{part.text}</span>
          ),
        )}
      </code>
      <ul className="flex flex-col gap-0.5">
        {sorted.map((error, index) => (
          <li key={index} className="flex gap-1.5">
            <CircleAlert className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
            <span>{error.message}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

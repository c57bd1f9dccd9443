import { Suspense, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { CircleHelp, Search, X } from 'lucide-react';
import type { DeviceQueryOperator } from '@fleetdeck/shared/device-query-operators';
import { cn } from '../../../lib/cn.ts';
import { lazyComponent } from '../../../lib/lazy-component.ts';
import { PastedListNote } from './pasted-list-notes.tsx';
import type { QueryHelpProps } from './query-help.tsx';
import { QueryErrors } from './query-errors.tsx';
import { useQueryAutocomplete, type QueryAutocomplete } from './use-query-autocomplete.ts';
import { useTypedQuery, type TypedQuery } from './use-typed-query.ts';

const QueryHelp = lazyComponent<QueryHelpProps>(() =>
  import('./query-help.tsx').then((module) => ({ default: module.QueryHelp })),
);

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
  inputRef: RefObject<HTMLInputElement | null>;
  /** Devices of the pasted list the table shows instead of this search's matches, or null. */
  pastedCount?: number | null;
}) {
  const query = useTypedQuery({ value, onCommit, onValidityChange });
  const autocomplete = useQueryAutocomplete(query, inputRef);
  const [helpOpen, setHelpOpen] = useState(false);
  const helpButtonRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  const { text, errors } = query;

  const ids = { list: `${id}-suggestions`, errors: `${id}-errors`, pasted: `${id}-pasted` };
  const describedBy = [errors.length > 0 ? ids.errors : null, pastedCount !== null ? ids.pasted : null]
    .filter((part) => part !== null)
    .join(' ');
  const pickOperator = (operator: DeviceQueryOperator) => {
    const insert = `${operator.name}:`;
    const next = text === '' || text.endsWith(' ') ? text + insert : `${text} ${insert}`;
    query.edit(next, next.length);
    inputRef.current?.focus();
  };
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-2">
      <div className="relative">
        <QueryInput
          query={query}
          autocomplete={autocomplete}
          inputRef={inputRef}
          listId={ids.list}
          describedBy={describedBy}
        />
        <QueryBoxButtons
          text={text}
          onClear={() => {
            query.edit('');
            inputRef.current?.focus();
          }}
          helpOpen={helpOpen}
          helpButtonRef={helpButtonRef}
          onToggleHelp={() => setHelpOpen((current) => !current)}
        />
        {autocomplete.showList ? <SuggestionList id={ids.list} autocomplete={autocomplete} /> : null}
      </div>
      {pastedCount !== null ? <PastedListNote id={ids.pasted} count={pastedCount} what="search" /> : null}
      {errors.length > 0 ? <QueryErrors id={ids.errors} text={text} errors={errors} /> : null}
      {helpOpen ? (
        <Suspense fallback={null}>
          <QueryHelp
            onPick={pickOperator}
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

/** The search field itself: a combobox whose list is the autocomplete's. */
function QueryInput({
  query,
  autocomplete,
  inputRef,
  listId,
  describedBy,
}: {
  query: TypedQuery;
  autocomplete: QueryAutocomplete;
  inputRef: RefObject<HTMLInputElement | null>;
  listId: string;
  describedBy: string;
}) {
  const { text, errors } = query;
  const { showList, highlight } = autocomplete;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (autocomplete.onListKey(event)) return;
    if (event.key === 'Enter') query.commitNow();
    if (event.key === 'Escape' && text !== '') {
      event.preventDefault();
      query.edit('', 0);
    }
  };
  return (
    <>
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
          query.edit(event.target.value, event.target.selectionStart ?? event.target.value.length);
          autocomplete.onTyped();
        }}
        onSelect={(event) => query.setCaret(event.currentTarget.selectionStart ?? 0)}
        onFocus={() => autocomplete.setOpen(true)}
        onBlur={() => autocomplete.setOpen(false)}
        onKeyDown={onKeyDown}
        className={cn(
          'h-9 w-full min-w-0 rounded-md border border-input bg-surface pr-20 pl-9 font-mono text-[0.8125rem] text-foreground shadow-card placeholder:font-sans placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring [&::-webkit-search-cancel-button]:hidden',
          errors.length > 0 && 'border-danger focus-visible:outline-danger',
        )}
      />
    </>
  );
}

/** Inside the field's right end: clear (or the `/` shortcut's hint while empty), and the help. */
function QueryBoxButtons({
  text,
  onClear,
  helpOpen,
  helpButtonRef,
  onToggleHelp,
}: {
  text: string;
  onClear: () => void;
  helpOpen: boolean;
  helpButtonRef: RefObject<HTMLButtonElement | null>;
  onToggleHelp: () => void;
}) {
  return (
    <div className="absolute top-1/2 right-1.5 flex -translate-y-1/2 items-center gap-0.5">
      {text !== '' ? (
        <button
          type="button"
          aria-label="Clear search"
          className="rounded p-1 text-muted-foreground hover:bg-muted hover:text-foreground"
          onClick={onClear}
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
        onClick={onToggleHelp}
      >
        <CircleHelp className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}

/** The open autocomplete list; a suggestion is taken on mouse down, before the field loses focus. */
function SuggestionList({ id, autocomplete }: { id: string; autocomplete: QueryAutocomplete }) {
  const { items, highlight, setHighlight, accept } = autocomplete;
  return (
    <ul
      id={id}
      role="listbox"
      aria-label="Suggestions"
      className="absolute top-full left-0 z-30 mt-1 max-h-72 w-[min(32rem,100%)] overflow-auto rounded-md border border-border bg-surface-raised p-1 shadow-overlay"
    >
      {items.map((item, index) => (
        <li
          key={item.insert}
          id={`${id}-${index}`}
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
  );
}

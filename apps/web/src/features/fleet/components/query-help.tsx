import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Search, X } from 'lucide-react';
import type { DeviceQueryOperator } from '@fleetdeck/shared/device-query-operators';
import { helpGroups } from '@fleetdeck/shared/device-query-groups';

/** Props of the query help panel. */
export interface QueryHelpProps {
  onPick: (operator: DeviceQueryOperator) => void;
  /** Closes the panel; focus goes back to the help button. */
  onClose: () => void;
}

type HelpGroup = ReturnType<typeof helpGroups>[number];

/** Escape closes; the up and down arrows move between the operators. */
function onHelpKey(event: KeyboardEvent<HTMLElement>, onClose: () => void) {
  if (event.key === 'Escape') {
    event.preventDefault();
    event.stopPropagation();
    onClose();
    return;
  }
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button[data-operator]')];
  if (buttons.length === 0) return;
  event.preventDefault();
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  const next = event.key === 'ArrowDown' ? at + 1 : at < 0 ? buttons.length - 1 : at - 1;
  buttons[Math.max(0, Math.min(buttons.length - 1, next))]?.focus();
}

/** How terms combine, and the button that closes the panel. */
function QueryHelpIntro({ onClose }: { onClose: () => void }) {
  return (
    <div className="mb-3 flex items-start justify-between gap-4">
      <p className="text-muted-foreground">
        Terms are combined with AND. <code className="font-mono text-foreground">-term</code> excludes,{' '}
        <code className="font-mono text-foreground">field:a,b</code> matches either value, quotes keep spaces,
        ranges are written <code className="font-mono text-foreground">A..B</code>. Other words search serial,
        asset ID, user, location, notes and model.
      </p>
      <button
        type="button"
        aria-label="Close query help"
        title="Close (Esc)"
        className="-m-1 rounded p-1 text-muted-foreground hover:bg-muted hover:text-foreground"
        onClick={onClose}
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}

/** The filter, focused on opening (as a menu's first item would be); Enter picks the first match. */
function OperatorFilter({
  filter,
  countId,
  first,
  onFilter,
  onPick,
}: {
  filter: string;
  countId: string;
  first: DeviceQueryOperator | undefined;
  onFilter: (filter: string) => void;
  onPick: (operator: DeviceQueryOperator) => void;
}) {
  const filterRef = useRef<HTMLInputElement>(null);
  useEffect(() => filterRef.current?.focus(), []);
  return (
    <div className="relative mb-3 w-full sm:w-72">
      <Search
        className="pointer-events-none absolute top-1/2 left-2.5 size-3.5 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <input
        type="search"
        aria-label="Filter operators"
        aria-describedby={countId}
        ref={filterRef}
        value={filter}
        placeholder="Filter, e.g. battery, date, mac"
        onChange={(event) => onFilter(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && first) {
            event.preventDefault();
            onPick(first);
          }
        }}
        className="h-8 w-full rounded-md border border-input bg-surface pr-2 pl-8 text-sm focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring"
      />
    </div>
  );
}

/** One group of operators, each a button that writes it into the query. */
function OperatorGroup({
  group,
  headingId,
  onPick,
}: {
  group: HelpGroup;
  headingId: string;
  onPick: (operator: DeviceQueryOperator) => void;
}) {
  return (
    <section aria-labelledby={headingId} className="mb-3 break-inside-avoid">
      <h3
        id={headingId}
        className="mb-1 px-1.5 text-xs font-medium tracking-wide text-muted-foreground uppercase"
      >
        {group.title}
      </h3>
      <ul>
        {group.operators.map((operator) => (
          <li key={operator.name}>
            <button
              type="button"
              data-operator={operator.name}
              onClick={() => onPick(operator)}
              // At least 24 px tall (WCAG 2.5.8 target size).
              className="flex min-h-6 w-full flex-wrap items-baseline gap-x-2 rounded-sm px-1.5 py-0.5 text-left hover:bg-muted focus-visible:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
            >
              <code className="shrink-0 font-mono text-[0.8125rem] font-medium text-accent">
                {operator.name}:
              </code>
              <span className="text-xs text-foreground">{operator.description}</span>
              <span className="min-w-0 font-mono text-[0.6875rem] break-words text-muted-foreground">
                {operator.hint}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Every operator of the query language, grouped (identity, people and places, dates, health), with
 * how its value is written; a filter narrows them as it is typed. Keyboard: the filter has focus on
 * opening, Enter there picks the first match, arrow keys move between operators, Escape closes.
 */
export function QueryHelp({ onPick, onClose }: QueryHelpProps) {
  const [filter, setFilter] = useState('');
  const groups = useMemo(() => helpGroups(filter), [filter]);
  const id = useId();
  return (
    <section
      aria-label="Query help"
      onKeyDown={(event) => onHelpKey(event, onClose)}
      className="rounded-md border border-border bg-surface-raised p-3 text-sm shadow-card"
    >
      <QueryHelpIntro onClose={onClose} />
      <OperatorFilter
        filter={filter}
        countId={`${id}-count`}
        first={groups[0]?.operators[0]}
        onFilter={setFilter}
        onPick={onPick}
      />
      <p id={`${id}-count`} className="sr-only" aria-live="polite">
        {groups.reduce((sum, group) => sum + group.operators.length, 0)} operators shown
      </p>
      {groups.length === 0 ? (
        <p className="py-2 text-muted-foreground">
          No operator matches “{filter.trim()}”. Other words search serial, asset ID, user and notes.
        </p>
      ) : (
        <div
          data-testid="query-help-groups"
          // Balanced columns that grow with the list: no scroll box of its own, no group split.
          className="gap-x-6 sm:columns-2 xl:columns-3"
        >
          {groups.map((group) => (
            <OperatorGroup
              key={group.title}
              group={group}
              headingId={`${id}-${group.title}`}
              onPick={onPick}
            />
          ))}
        </div>
      )}
    </section>
  );
}

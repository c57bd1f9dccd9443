import { X } from 'lucide-react';
import { DEVICE_QUERY_OPERATORS, type DeviceQueryOperator } from '@fleetdeck/shared/device-query-operators';

/**
 * Every operator of the query language with how its value is written; clicking one starts a term.
 */
export function QueryHelp({
  onPick,
  onClose,
}: {
  onPick: (operator: DeviceQueryOperator) => void;
  onClose: () => void;
}) {
  return (
    <section
      aria-label="Query help"
      className="rounded-md border border-border bg-surface-raised p-3 text-sm shadow-card"
    >
      <div className="mb-2 flex items-start justify-between gap-4">
        <p className="text-muted-foreground">
          Terms are combined with AND. <code className="font-mono text-foreground">-term</code> excludes,{' '}
          <code className="font-mono text-foreground">field:a,b</code> matches either value, quotes keep
          spaces, ranges are written <code className="font-mono text-foreground">A..B</code>. Other words
          search serial, asset ID, user, location, notes and model.
        </p>
        <button
          type="button"
          aria-label="Close query help"
          className="-m-1 rounded p-1 text-muted-foreground hover:bg-muted hover:text-foreground"
          onClick={onClose}
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
      <ul className="grid max-h-64 gap-x-6 gap-y-0.5 overflow-auto sm:grid-cols-2">
        {DEVICE_QUERY_OPERATORS.map((operator) => (
          <li key={operator.name}>
            <button
              type="button"
              onClick={() => onPick(operator)}
              className="flex w-full items-baseline gap-2 rounded-sm px-1.5 py-1 text-left hover:bg-muted"
            >
              <code className="shrink-0 font-mono text-[0.8125rem] font-medium text-accent">
                {operator.name}:
              </code>
              <span className="min-w-0 truncate text-xs text-muted-foreground" title={operator.hint}>
                {operator.description} · <span className="font-mono">{operator.hint}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

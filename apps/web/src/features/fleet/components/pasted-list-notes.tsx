import { ClipboardList, TriangleAlert } from 'lucide-react';
import { formatCount } from '../format.ts';
import type { KeptUnmatched } from '../pasted-list-store.ts';

/**
 * Why: once a pasted list is shown, the table holds its matched devices only; the lines that
 * matched none (or several) stay listed below the results line, each with what it may have meant,
 * until the list is closed.
 */
export function PastedUnmatched({ unmatched }: { unmatched: KeptUnmatched }) {
  const { lines, total } = unmatched;
  const title = `${formatCount(total)} pasted ${total === 1 ? 'line is' : 'lines are'} not in the table`;
  return (
    <details
      open
      data-testid="pasted-unmatched"
      className="mt-2 rounded-md border border-warning-subtle-foreground/30 bg-warning-subtle/50 px-3 py-2 text-sm"
    >
      <summary className="flex cursor-pointer items-center gap-2 font-medium text-warning-subtle-foreground">
        <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
        {title}
      </summary>
      <ul className="mt-2 flex max-h-36 flex-col gap-1 overflow-y-auto pr-1" aria-label={title}>
        {lines.map((line) => (
          <li key={line.line} className="flex flex-wrap gap-x-2 text-xs" data-testid="pasted-unmatched-line">
            <span className="text-muted-foreground tabular-nums">Line {line.line}</span>
            <span className="font-mono text-foreground break-all">{line.input}</span>
            <span className="text-foreground">{line.note}</span>
          </li>
        ))}
      </ul>
      {total > lines.length ? (
        <p className="mt-1 text-xs text-muted-foreground">
          And {formatCount(total - lines.length)} more; paste them again to see each one.
        </p>
      ) : null}
    </details>
  );
}

/** Why: the search box and the facets describe the query, not the pasted list the table shows. */
export function PastedListNote({
  id,
  count,
  what,
}: {
  id?: string;
  count: number;
  what: 'search' | 'facets';
}) {
  const devices = `${formatCount(count)} ${count === 1 ? 'device' : 'devices'}`;
  return (
    <p
      id={id}
      data-testid={`fleet-${what}-pasted-note`}
      className="flex items-start gap-1.5 text-xs text-accent-subtle-foreground"
    >
      <ClipboardList className="mt-px size-3.5 shrink-0" aria-hidden="true" />
      <span>
        {what === 'search'
          ? `The table shows a pasted list of ${devices}, not this search. Searching closes the list.`
          : `The table shows a pasted list of ${devices}. These counts are for the search; choosing one closes the list.`}
      </span>
    </p>
  );
}

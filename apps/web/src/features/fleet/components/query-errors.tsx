import { CircleAlert } from 'lucide-react';
import type { DeviceQueryError } from '@fleetdeck/shared/device-query';

/** The query with its bad parts marked, then one line per error. */
export function QueryErrors({
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

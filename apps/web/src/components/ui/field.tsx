import type { ComponentProps } from 'react';
import { Input } from './input.tsx';

/** A labelled input with an optional hint; the label names the input for people and tests. */
export function Field({
  label,
  hint,
  id,
  ...props
}: ComponentProps<typeof Input> & { label: string; hint?: string; id: string }) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <Input id={id} aria-describedby={hint ? `${id}-hint` : undefined} {...props} />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

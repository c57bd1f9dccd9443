import type { ComponentProps } from 'react';
import { findUnsafeCharacter } from '@fleetdeck/shared/unsafe-text';
import { cn } from '../../lib/cn.ts';

/**
 * Multi-line text input styled like Input (notes, messages); a value holding a character
 * Fleetdeck refuses is marked invalid as Input marks it (line breaks and tabs are fine here).
 */
export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  const unsafe = typeof props.value === 'string' && findUnsafeCharacter(props.value, true) !== null;
  return (
    <textarea
      className={cn(
        'min-h-20 w-full min-w-0 rounded-md border border-input bg-surface px-3 py-2 text-sm text-foreground shadow-card placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-danger',
        className,
      )}
      {...props}
      aria-invalid={props['aria-invalid'] ?? (unsafe || undefined)}
    />
  );
}

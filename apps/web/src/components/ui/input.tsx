import type { ComponentProps } from 'react';
import { findUnsafeCharacter } from '@fleetdeck/shared/unsafe-text';
import { cn } from '../../lib/cn.ts';

const FREE_TEXT = new Set(['text', 'search', 'email', 'url', 'tel', 'password']);

/**
 * Text input sized to sit next to a Button. A value holding a character Fleetdeck refuses (a
 * control character, NUL) is marked invalid as it is typed or pasted; its form says why.
 */
export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  const unsafe =
    FREE_TEXT.has(type) &&
    typeof props.value === 'string' &&
    findUnsafeCharacter(props.value, false) !== null;
  return (
    <input
      type={type}
      className={cn(
        'h-9 w-full min-w-0 rounded-md border border-input bg-surface px-3 text-sm text-foreground shadow-card placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-danger',
        className,
      )}
      {...props}
      aria-invalid={props['aria-invalid'] ?? (unsafe || undefined)}
    />
  );
}

import type { ReactNode } from 'react';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

/** An inline result of a form: errors are announced at once (role=alert), successes politely. */
export function FormMessage({
  tone = 'error',
  children,
  className,
}: {
  tone?: 'error' | 'success';
  children: ReactNode;
  className?: string;
}) {
  const error = tone === 'error';
  const Icon = error ? CircleAlert : CircleCheck;
  return (
    <div
      role={error ? 'alert' : 'status'}
      className={cn(
        'flex gap-2 rounded-md px-3 py-2 text-sm',
        error
          ? 'bg-danger-subtle text-danger-subtle-foreground'
          : 'bg-success-subtle text-success-subtle-foreground',
        className,
      )}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0">{children}</div>
    </div>
  );
}

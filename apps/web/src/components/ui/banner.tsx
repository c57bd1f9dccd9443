import type { ComponentProps, ReactNode } from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '../../lib/cn.ts';

const bannerVariants = cva(
  'flex items-center gap-3 rounded-lg border px-4 py-3 text-sm shadow-overlay [&>svg]:size-4 [&>svg]:shrink-0',
  {
    variants: {
      tone: {
        info: 'border-accent/30 bg-surface-raised text-foreground [&>svg]:text-accent',
        warning: 'border-transparent bg-warning-subtle text-warning-subtle-foreground',
        danger: 'border-transparent bg-danger-subtle text-danger-subtle-foreground',
      },
    },
    defaultVariants: { tone: 'info' },
  },
);

type BannerProps = ComponentProps<'div'> &
  VariantProps<typeof bannerVariants> & {
    icon?: ReactNode;
    action?: ReactNode;
  };

/**
 * A non-blocking notice (new version available, sync delayed). It is a polite live region,
 * so screen readers announce it without stealing focus.
 */
export function Banner({ className, tone, icon, action, children, ...props }: BannerProps) {
  return (
    <div role="status" aria-live="polite" className={cn(bannerVariants({ tone }), className)} {...props}>
      {icon}
      <div className="min-w-0 flex-1">{children}</div>
      {action}
    </div>
  );
}

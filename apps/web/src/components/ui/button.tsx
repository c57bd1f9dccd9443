import type { ComponentProps } from 'react';
import { Slot } from 'radix-ui';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '../../lib/cn.ts';

const buttonVariants = cva(
  'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors select-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-55 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        primary: 'bg-accent text-accent-foreground shadow-card hover:bg-accent-hover',
        secondary: 'border border-border bg-surface text-foreground shadow-card hover:bg-muted',
        ghost: 'text-foreground hover:bg-muted',
        subtle: 'bg-accent-subtle text-accent-subtle-foreground hover:bg-accent-subtle/80',
        danger: 'bg-danger text-danger-foreground shadow-card hover:bg-danger/90',
        link: 'text-accent underline-offset-4 hover:underline',
      },
      size: {
        sm: 'h-8 px-3',
        md: 'h-9 px-4',
        lg: 'h-11 px-6 text-base',
        icon: 'size-9',
      },
    },
    // A link reads as text in its line: no button height or padding, whatever the size; still a
    // target of at least 24 px (WCAG 2.5.8) for a finger or an unsteady hand.
    compoundVariants: [{ variant: 'link', class: 'h-auto min-h-6 px-0' }],
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /** Render the child element (a link, usually) with button styling. */
    asChild?: boolean;
  };

/** Fleetdeck's button: one accent action per view, secondary and ghost for the rest. */
export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : 'button';
  return (
    <Component
      className={cn(buttonVariants({ variant, size }), className)}
      {...(asChild ? {} : { type: type ?? 'button' })}
      {...props}
    />
  );
}

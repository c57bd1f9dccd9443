import type { ComponentProps } from 'react';
import { Tabs as TabsPrimitive } from 'radix-ui';
import { cn } from '../../lib/cn.ts';

export const Tabs = TabsPrimitive.Root;

/** Underlined tab strip; scrolls sideways on narrow screens instead of wrapping. */
export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn('flex gap-1 overflow-x-auto border-b border-border [scrollbar-width:none]', className)}
      {...props}
    />
  );
}

/**
 * Radix focuses a tab from script on mouse down, which browsers may show as keyboard focus; focusing
 * it first without the ring keeps the ring for the keyboard. The ring is drawn inside the tab, since
 * the strip scrolls sideways and would clip one drawn outside.
 */
export function TabsTrigger({
  className,
  onMouseDown,
  ...props
}: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        '-mb-px inline-flex items-center gap-2 rounded-t-md border-b-2 border-transparent px-3 py-2 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors hover:text-foreground focus-visible:-outline-offset-2 data-[state=active]:border-accent data-[state=active]:text-foreground [&_svg]:size-4',
        className,
      )}
      onMouseDown={(event) => {
        onMouseDown?.(event);
        if (event.button === 0 && !event.ctrlKey && !event.defaultPrevented)
          event.currentTarget.focus({ focusVisible: false });
      }}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn('pt-5 focus-visible:outline-none', className)} {...props} />;
}

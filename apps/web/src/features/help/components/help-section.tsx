import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';
import { ScrollRegion } from '../../../components/ui/scroll-region.tsx';

/** One titled part of the help, reachable by its anchor from the page's contents. */
export function HelpSection({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-20 border-t border-border pt-8">
      <h2 id={`${id}-title`} className="text-xl font-semibold tracking-tight">
        {title}
      </h2>
      <div className="mt-2 max-w-3xl text-sm text-pretty text-muted-foreground">{intro}</div>
      <div className="mt-5 flex flex-col gap-6">{children}</div>
    </section>
  );
}

/** A captioned table; a wide one scrolls sideways on a phone instead of squeezing its words. */
export function HelpTable({
  caption,
  head,
  wide = false,
  children,
}: {
  caption: string;
  head: readonly string[];
  /** Four or more columns: kept readable by a sideways scroll on a phone. */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <ScrollRegion label={caption} className="overflow-x-auto rounded-lg border border-border">
      <table className={cn('w-full text-left text-sm', wide && 'min-w-[36rem]')}>
        <caption className="border-b border-border bg-muted px-3 py-2 text-left font-semibold text-foreground">
          {caption}
        </caption>
        <thead className="text-xs text-muted-foreground">
          <tr>
            {head.map((label) => (
              <th key={label} scope="col" className="px-3 py-2 font-medium">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </ScrollRegion>
  );
}

export const CELL = 'border-t border-border px-3 py-2 align-top';

import type { LucideIcon } from 'lucide-react';

export interface Capability {
  readonly icon: LucideIcon;
  readonly title: string;
  readonly text: string;
}

/** A grid of what a page does (or will do): icon, short title, one sentence each. */
export function CapabilityList({ items, columns = 3 }: { items: readonly Capability[]; columns?: 2 | 3 }) {
  return (
    <ul className={columns === 3 ? 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3' : 'grid gap-4 sm:grid-cols-2'}>
      {items.map(({ icon: Icon, title, text }) => (
        <li key={title} className="flex gap-3 rounded-lg border border-border bg-surface p-4 shadow-card">
          <Icon className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
          <div>
            <h3 className="text-sm font-semibold">{title}</h3>
            <p className="mt-1 text-sm text-muted-foreground">{text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

import { formatAbsolute, formatRelative } from '../format.ts';

/** A time said relatively ("3 hours ago") with the exact time on hover and for screen readers. */
export function RelativeTime({ iso, fallback = '—' }: { iso: string | null | undefined; fallback?: string }) {
  const relative = formatRelative(iso);
  if (!iso || !relative) return <span className="text-muted-foreground">{fallback}</span>;
  const exact = formatAbsolute(iso);
  return (
    <time dateTime={iso} title={exact} className="underline decoration-dotted decoration-muted-foreground/50">
      {relative}
    </time>
  );
}

/**
 * Where a dashboard number leads: the fleet table filtered by the query that produces it, and how
 * numbers and money read on the page.
 */

/** Why: one place builds `/devices/fleetStatus?q=…`, so every tile and bar links the same way. */
export function fleetHref(query: string | null): string | null {
  if (query === null) return null;
  return query === '' ? '/devices/fleetStatus' : `/devices/fleetStatus?q=${encodeURIComponent(query)}`;
}

const integer = new Intl.NumberFormat('en-US');

export function formatCount(value: number): string {
  return integer.format(value);
}

/** Share of a whole as `12%`, `<1%` for a small non-zero share, `—` without a whole. */
export function formatShare(part: number, whole: number): string {
  if (whole <= 0) return '—';
  const percent = (part / whole) * 100;
  if (part > 0 && percent < 1) return '<1%';
  return `${Math.round(percent)}%`;
}

/**
 * Whole currency units with separators (`$48,300`, `$1,250,000`): one precision for every amount
 * on the dashboard, so a total and the lines it adds up read alike.
 */
export function formatMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    maximumFractionDigits: 0,
    minimumFractionDigits: 0,
  }).format(Math.round(cents / 100));
}

/** "5 minutes ago" style age of a timestamp, for the "as of" line. */
export function formatAge(iso: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.round(hours / 24);
  return `${days} days ago`;
}

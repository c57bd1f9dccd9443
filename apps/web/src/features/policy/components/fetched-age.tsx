import { useEffect, useState } from 'react';
import { RefreshCcw } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

/** "just now", "3 minutes ago", "2 hours ago". */
export function describeAge(fetchedAt: string, now: number): string {
  const seconds = Math.max(0, Math.round((now - new Date(fetchedAt).getTime()) / 1000));
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return relative.format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 48) return relative.format(-hours, 'hour');
  return relative.format(-Math.round(hours / 24), 'day');
}

/** Why: cached answers say how old they are, and Refresh asks Google again. */
export function FetchedAge({
  fetchedAt,
  refreshing,
  onRefresh,
}: {
  fetchedAt: string;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className="flex items-center gap-2 text-xs text-muted-foreground">
      <span data-testid="policy-fetched-age">
        Fetched from Google{' '}
        <time dateTime={fetchedAt} title={new Date(fetchedAt).toLocaleString()}>
          {describeAge(fetchedAt, now)}
        </time>
      </span>
      <Button variant="secondary" size="sm" onClick={onRefresh} disabled={refreshing}>
        <RefreshCcw aria-hidden="true" className={refreshing ? 'animate-spin' : undefined} />
        {refreshing ? 'Refreshing…' : 'Refresh'}
      </Button>
    </div>
  );
}

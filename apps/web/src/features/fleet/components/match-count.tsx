import type { MatchCount as Count } from '@fleetdeck/shared/fleet-contract';
import { formatCount } from '../format.ts';

/** "1,234 devices", or "about 120,000 devices" when the server estimated the count. */
export function MatchCount({
  total,
  loading,
  valid,
}: {
  total: Count | null;
  loading: boolean;
  valid: boolean;
}) {
  let text: string;
  if (!valid) text = 'Fix the query to see matches';
  else if (total === null) text = loading ? 'Counting devices…' : 'No count';
  else {
    const noun = total.value === 1 ? 'device' : 'devices';
    text = `${total.exact ? '' : 'about '}${formatCount(total.value)} ${noun}`;
  }
  return (
    <p
      data-testid="fleet-match-count"
      aria-live="polite"
      aria-busy={loading || undefined}
      className="text-sm font-medium tabular-nums"
      title={total && !total.exact ? 'An estimate: large results are counted approximately.' : undefined}
    >
      {text}
    </p>
  );
}

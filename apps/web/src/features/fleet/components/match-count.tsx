import type { MatchCount as Count } from '@fleetdeck/shared/fleet-contract';
import { Button } from '../../../components/ui/button.tsx';
import { formatCount } from '../format.ts';

/**
 * "1,234 devices", or "about 120,000 devices" when the server estimated the count, with "Count
 * exactly" when the exact number is not read unasked (`onCountNow`).
 */
export function MatchCount({
  total,
  loading,
  valid,
  onCountNow,
}: {
  total: Count | null;
  loading: boolean;
  valid: boolean;
  onCountNow?: (() => void) | null | undefined;
}) {
  let text: string;
  if (!valid) text = 'Fix the query to see matches';
  else if (total === null) text = loading ? 'Counting devices…' : 'No count';
  else {
    const noun = total.value === 1 ? 'device' : 'devices';
    text = `${total.exact ? '' : 'about '}${formatCount(total.value)} ${noun}`;
  }
  const count = (
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
  if (!onCountNow || !valid || total === null || total.exact) return count;
  return (
    <div className="flex items-center gap-1">
      {count}
      <Button variant="link" size="sm" className="h-auto px-1" onClick={onCountNow}>
        Count exactly
      </Button>
    </div>
  );
}

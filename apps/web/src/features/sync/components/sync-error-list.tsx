import type { SyncError } from '@fleetdeck/shared/sync-contract';
import { Badge } from '../../../components/ui/badge.tsx';
import { phaseLabel } from '../format.ts';

/** A run's errors, newest last; recovered ones (a retried call, a restarted shard) say so. */
export function SyncErrorList({ errors, limit }: { errors: readonly SyncError[]; limit?: number }) {
  const shown = limit === undefined ? errors : errors.slice(-limit);
  return (
    <ul className="flex flex-col gap-1.5 text-sm" aria-label="Sync errors">
      {errors.length > shown.length ? (
        <li className="text-xs text-muted-foreground">
          {errors.length - shown.length} earlier errors not shown.
        </li>
      ) : null}
      {shown.map((error, index) => (
        <li key={`${error.at}-${index}`} className="flex flex-wrap items-baseline gap-2">
          <Badge tone={error.recovered ? 'warning' : 'danger'}>
            {error.recovered ? 'Recovered' : 'Failed'}
          </Badge>
          <span className="font-mono text-xs text-muted-foreground">{error.code}</span>
          <span className="text-foreground">{error.message}</span>
          <span className="text-xs text-muted-foreground">
            {phaseLabel(error.phase)}
            {error.shard ? ` · ${error.shard}` : ''} · {new Date(error.at).toLocaleTimeString()}
          </span>
        </li>
      ))}
    </ul>
  );
}

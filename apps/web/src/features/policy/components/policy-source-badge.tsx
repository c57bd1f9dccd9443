import { ArrowDownToLine, CircleDot, Sparkle } from 'lucide-react';
import type { PolicySourceKind } from '@fleetdeck/shared/policy-contract';
import { Badge } from '../../../components/ui/badge.tsx';

/** Where an effective value comes from, as the Admin console says it: set here, inherited, default. */
export function PolicySourceBadge({
  status,
  sourcePath,
  ownPath,
}: {
  status: PolicySourceKind;
  sourcePath: string | null | undefined;
  /** Side-by-side views name the unit ("Set on /Adams") instead of saying "here". */
  ownPath?: string | undefined;
}) {
  if (status === 'set_here')
    return (
      <Badge tone="accent" data-testid="policy-source">
        <CircleDot aria-hidden="true" />
        {ownPath === undefined ? 'Set here' : <span className="truncate">Set on {ownPath}</span>}
      </Badge>
    );
  if (status === 'inherited')
    return (
      <Badge tone="neutral" data-testid="policy-source" className="max-w-full">
        <ArrowDownToLine aria-hidden="true" />
        <span className="truncate">Inherited from {sourcePath ?? 'a parent unit'}</span>
      </Badge>
    );
  return (
    <Badge
      tone="neutral"
      data-testid="policy-source"
      className="border border-dashed border-border bg-transparent"
    >
      <Sparkle aria-hidden="true" />
      Default
    </Badge>
  );
}

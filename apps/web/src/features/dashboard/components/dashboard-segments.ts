import type { DashboardResponse } from '@fleetdeck/shared/dashboard-contract';
import type { Segment } from './segment-bar.tsx';

const PALETTE: Record<string, Pick<Segment, 'fill' | 'swatch'>> = {
  good: { fill: 'fill-success-subtle-foreground', swatch: 'bg-success-subtle-foreground' },
  accent: { fill: 'fill-accent', swatch: 'bg-accent' },
  warning: { fill: 'fill-warning-subtle-foreground', swatch: 'bg-warning-subtle-foreground' },
  danger: { fill: 'fill-danger', swatch: 'bg-danger' },
  muted: { fill: 'fill-muted-foreground/40', swatch: 'bg-muted-foreground/40' },
  // Google's rarer statuses, each its own shade so no two read as one part.
  slate: { fill: 'fill-muted-foreground/75', swatch: 'bg-muted-foreground/75' },
  accentSoft: { fill: 'fill-accent/55', swatch: 'bg-accent/55' },
  accentFaint: { fill: 'fill-accent/30', swatch: 'bg-accent/30' },
  faint: { fill: 'fill-muted-foreground/20', swatch: 'bg-muted-foreground/20' },
};
const MUTED = { fill: 'fill-muted-foreground/40', swatch: 'bg-muted-foreground/40' };
const STATUS_TONE: Record<string, string> = {
  ACTIVE: 'good',
  PRE_PROVISIONED: 'accent',
  DISABLED: 'warning',
  DEPROVISIONED: 'muted',
  DELINQUENT: 'danger',
  INACTIVE: 'slate',
  SHIPPED: 'accentSoft',
  RETURN_REQUESTED: 'accentFaint',
  RETURN_ARRIVED: 'faint',
};
const COMPLIANCE_TONE: Record<string, string> = {
  compliant: 'good',
  pending: 'warning',
  notCompliant: 'danger',
};
const BATTERY_TONE: Record<string, string> = {
  BATTERY_HEALTH_NORMAL: 'good',
  BATTERY_REPLACE_SOON: 'warning',
  BATTERY_REPLACE_NOW: 'danger',
};

type Counts = DashboardResponse['statuses'];

/** The devices by status: the four common statuses first, in their order, then the rarer ones. */
export function statusSegments(counts: Counts): Segment[] {
  return toSegments(counts, STATUS_TONE, ['ACTIVE', 'PRE_PROVISIONED', 'DISABLED', 'DEPROVISIONED']);
}

/** OS version compliance, from compliant to not. */
export function complianceSegments(counts: Counts): Segment[] {
  return toSegments(counts, COMPLIANCE_TONE, ['compliant', 'pending', 'notCompliant']);
}

/** Battery health, from normal to replace now. */
export function batterySegments(counts: Counts): Segment[] {
  return toSegments(counts, BATTERY_TONE, [
    'BATTERY_HEALTH_NORMAL',
    'BATTERY_REPLACE_SOON',
    'BATTERY_REPLACE_NOW',
  ]);
}

function toSegments(counts: Counts, tones: Record<string, string>, order?: readonly string[]): Segment[] {
  const sorted = order
    ? [...counts].sort((a, b) => rank(order, a.key) - rank(order, b.key))
    : [...counts].sort((a, b) => b.count - a.count);
  return sorted.map((c) => ({ ...c, ...(PALETTE[tones[c.key] ?? 'muted'] ?? MUTED) }));
}

function rank(order: readonly string[], key: string): number {
  const index = order.indexOf(key);
  return index === -1 ? order.length : index;
}

import type { FleetColumn } from '@fleetdeck/shared/fleet-columns';
import type { FleetTableRow } from '@fleetdeck/shared/fleet-contract';
import { Badge } from '../../../components/ui/badge.tsx';
import { humanizeGoogleValue } from '@fleetdeck/shared/google-values';
import {
  aueUrgency,
  formatBytes,
  formatCount,
  formatDate,
  formatDateTime,
  formatRelative,
} from '../format.ts';

const STATUS_TONE: Record<string, 'success' | 'warning' | 'danger' | 'neutral' | 'accent'> = {
  ACTIVE: 'success',
  DISABLED: 'warning',
  DEPROVISIONED: 'neutral',
  PROVISIONED: 'accent',
  INACTIVE: 'neutral',
};

const Empty = () => <span className="text-muted-foreground">—</span>;

/** Why: one renderer per column kind, so every column reads the same in every view. */
export function FleetCell({ column, device }: { column: FleetColumn; device: FleetTableRow }) {
  // A column just added shows empty until its rows arrive (`undefined`: not asked for yet).
  const value = device[column.id];
  if (value === null || value === undefined || value === '') return <Empty />;
  if (column.id === 'status' && typeof value === 'string')
    return <Badge tone={STATUS_TONE[value] ?? 'neutral'}>{humanizeGoogleValue(value)}</Badge>;
  if (column.id === 'aueDate' && typeof value === 'string') return <AueCell iso={value} />;
  if (column.id === 'serialNumber' || column.id === 'deviceId' || column.id.endsWith('MacAddress'))
    return <span className="font-mono text-[0.8125rem]">{String(value)}</span>;
  switch (column.kind) {
    case 'datetime':
      return (
        <time dateTime={String(value)} title={formatDateTime(String(value))}>
          {formatRelative(String(value))}
        </time>
      );
    case 'date':
      return <time dateTime={String(value)}>{formatDate(String(value))}</time>;
    case 'bytes':
      return <span className="tabular-nums">{formatBytes(Number(value))}</span>;
    case 'percent':
      return <span className="tabular-nums">{Math.round(Number(value))} %</span>;
    case 'number':
      return <span className="tabular-nums">{formatCount(Number(value))}</span>;
    case 'enum':
      return <span>{humanizeGoogleValue(String(value))}</span>;
    default:
      return <span title={String(value)}>{String(value)}</span>;
  }
}

function AueCell({ iso }: { iso: string }) {
  const urgency = aueUrgency(iso);
  return (
    <span className="flex items-center gap-1.5">
      <time dateTime={iso}>{formatDate(iso)}</time>
      {urgency === 'expired' ? <Badge tone="danger">Expired</Badge> : null}
      {urgency === 'soon' ? (
        <Badge tone="warning" title="Expires within six months">
          Soon
        </Badge>
      ) : null}
    </span>
  );
}

import {
  Activity,
  BatteryLow,
  BatteryWarning,
  CalendarClock,
  CalendarX,
  Ghost,
  HardDrive,
  Radar,
  Terminal,
} from 'lucide-react';
import type { DashboardResponse, TileKey } from '@fleetdeck/shared/dashboard-contract';
import { StatTile, type TileTone } from './stat-tile.tsx';

const TILE_LOOK: Record<TileKey, { icon: typeof Activity; tone: TileTone }> = {
  active7: { icon: Activity, tone: 'good' },
  active30: { icon: Activity, tone: 'good' },
  ghost30: { icon: Ghost, tone: 'warning' },
  ghost90: { icon: Ghost, tone: 'danger' },
  compliant: { icon: Radar, tone: 'good' },
  aueExpired: { icon: CalendarX, tone: 'danger' },
  aue6m: { icon: CalendarClock, tone: 'warning' },
  aue12m: { icon: CalendarClock, tone: 'warning' },
  batteryReplaceSoon: { icon: BatteryWarning, tone: 'warning' },
  batteryReplaceNow: { icon: BatteryLow, tone: 'danger' },
  lowStorage: { icon: HardDrive, tone: 'warning' },
  devMode: { icon: Terminal, tone: 'warning' },
};
const TILE_ORDER: readonly TileKey[] = [
  'active7',
  'active30',
  'ghost30',
  'ghost90',
  'aueExpired',
  'aue6m',
  'aue12m',
  'compliant',
  'batteryReplaceSoon',
  'batteryReplaceNow',
  'lowStorage',
  'devMode',
];

/** The fleet's health tiles in their fixed order, each a share of the devices in service. */
export function HealthTiles({ tiles, inService }: { tiles: DashboardResponse['tiles']; inService: number }) {
  const byKey = new Map(tiles.map((tile) => [tile.key, tile]));
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Fleet health">
      {TILE_ORDER.map((key) => {
        const tile = byKey.get(key);
        if (!tile) return null;
        return (
          <li key={key}>
            <StatTile
              icon={TILE_LOOK[key].icon}
              tone={TILE_LOOK[key].tone}
              label={tile.label}
              count={tile.count}
              of={inService}
              query={tile.query}
              testId={`tile-${key}`}
            />
          </li>
        );
      })}
    </ul>
  );
}

import { Link } from 'react-router';
import {
  Activity,
  BatteryMedium,
  CalendarX,
  ChartLine,
  Ghost,
  HardDrive,
  Laptop,
  RefreshCcw,
  ShieldCheck,
} from 'lucide-react';
import type { DashboardResponse } from '@fleetdeck/shared/dashboard-contract';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';

const METRICS = [
  { icon: Laptop, label: 'Devices by status', hint: 'Active, provisioned, disabled, deprovisioned' },
  { icon: Activity, label: 'Active recently', hint: 'Synced in the last 7 and 30 days' },
  { icon: Ghost, label: 'Ghost devices', hint: 'Active but silent for 30 or 90 days' },
  { icon: ShieldCheck, label: 'OS compliance', hint: 'On a supported ChromeOS version' },
  { icon: CalendarX, label: 'Auto Update Expiration', hint: 'Expired, within 6 and within 12 months' },
  { icon: BatteryMedium, label: 'Battery health', hint: 'Replace soon and replace now' },
  { icon: HardDrive, label: 'Low storage', hint: 'Below 10% free' },
  { icon: ChartLine, label: 'Trends', hint: 'Activity, compliance and battery health over time' },
] as const;

const MESSAGES: Record<Exclude<DashboardResponse['state'], 'ready'>, { title: string; body: string }> = {
  never_synced: {
    title: "Your fleet's numbers appear after the first sync",
    body: 'Fleetdeck reads your devices from Google once your Workspace is connected. Every number here will link to the fleet table, filtered to exactly the devices it counts.',
  },
  first_sync: {
    title: 'The first sync is running',
    body: 'Fleetdeck is copying your devices from Google. The numbers appear here as soon as it finishes; you can follow it live in the sync settings.',
  },
  no_devices: {
    title: 'No devices in your fleet yet',
    body: 'The last sync found no Chromebooks in the organizational units Fleetdeck manages. Enroll devices in Google, or check which units Fleetdeck reads.',
  },
};

/** The dashboard before it has numbers: which numbers will appear, and where to go meanwhile. */
export function DashboardOverview({
  state = 'never_synced',
  syncRunning = false,
  scopeOuPaths = [],
}: {
  state?: Exclude<DashboardResponse['state'], 'ready'>;
  syncRunning?: boolean;
  /** The caller's units when they are limited to some: "no devices" is then about those. */
  scopeOuPaths?: readonly string[];
}) {
  const message =
    state === 'no_devices' && scopeOuPaths.length
      ? {
          title: 'No devices in your units yet',
          body: `The last sync found no Chromebooks in ${scopeOuPaths.join(', ')}, the organizational units you may see. Ask an owner or admin if you should see others.`,
        }
      : MESSAGES[state];
  return (
    <div className="flex flex-col gap-6" data-testid={`dashboard-${state}`}>
      <EmptyState
        icon={RefreshCcw}
        title={message.title}
        action={
          <Button asChild variant={syncRunning ? 'primary' : 'secondary'}>
            <Link to="/settings/sync">{syncRunning ? 'Follow the sync' : 'Open sync settings'}</Link>
          </Button>
        }
      >
        {message.body}
      </EmptyState>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label="Fleet health metrics to come">
        {METRICS.map(({ icon: Icon, label, hint }) => (
          <li key={label}>
            <Card className="flex h-full flex-col gap-3 p-4">
              <div className="flex items-center justify-between text-sm font-medium text-muted-foreground">
                {label}
                <Icon className="size-4" aria-hidden="true" />
              </div>
              <p
                className="text-2xl font-semibold tracking-tight text-muted-foreground"
                aria-label="No data yet"
              >
                —
              </p>
              <p className="text-xs text-muted-foreground">{hint}</p>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}

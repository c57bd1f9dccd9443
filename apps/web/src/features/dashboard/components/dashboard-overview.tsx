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
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';

const METRICS = [
  { icon: Laptop, label: 'Devices by status', hint: 'Active, provisioned, disabled, deprovisioned' },
  { icon: Activity, label: 'Active recently', hint: 'Signed in or synced in the last 7 and 30 days' },
  { icon: Ghost, label: 'Ghost devices', hint: 'Active but silent for 30 or 90 days' },
  { icon: ShieldCheck, label: 'OS compliance', hint: 'On a supported Chrome OS version' },
  { icon: CalendarX, label: 'Auto Update Expiration', hint: 'Expired, within 6 and within 12 months' },
  { icon: BatteryMedium, label: 'Battery health', hint: 'Replace soon and replace now' },
  { icon: HardDrive, label: 'Low storage', hint: 'Below 10% free' },
  { icon: ChartLine, label: 'Trends', hint: 'Enrollment, activity and AUE over time' },
] as const;

/** The dashboard before the first sync: which numbers will appear, and where they lead. */
export function DashboardOverview() {
  return (
    <div className="flex flex-col gap-6">
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label="Fleet health metrics">
        {METRICS.map(({ icon: Icon, label, hint }) => (
          <li key={label}>
            <Card className="flex h-full flex-col gap-3 p-4">
              <div className="flex items-center justify-between text-sm font-medium text-muted-foreground">
                {label}
                <Icon className="size-4" aria-hidden="true" />
              </div>
              <p
                className="text-2xl font-semibold tracking-tight text-muted-foreground/60"
                aria-label="No data yet"
              >
                —
              </p>
              <p className="text-xs text-muted-foreground">{hint}</p>
            </Card>
          </li>
        ))}
      </ul>
      <EmptyState
        icon={RefreshCcw}
        title="Your fleet's numbers appear after the first sync"
        action={
          <Button asChild variant="secondary">
            <Link to="/onboarding">See what setup involves</Link>
          </Button>
        }
      >
        Fleetdeck reads your devices from Google once your Workspace is connected. Every number here will link
        to the fleet table, filtered to exactly the devices it counts.
      </EmptyState>
    </div>
  );
}

import { Link } from 'react-router';
import {
  ArrowLeft,
  BatteryMedium,
  Cpu,
  Eraser,
  MapPin,
  Power,
  StickyNote,
  Tag,
  Timeline,
} from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { CapabilityList, type Capability } from '../../../components/capability-list.tsx';

const DETAILS = [
  'Serial number',
  'Model',
  'Organizational unit',
  'Status',
  'OS version',
  'Auto Update Expiration',
  'Last sync',
  'Recent user',
];

const ACTIONS: readonly Capability[] = [
  {
    icon: Tag,
    title: 'Asset ID, location, notes',
    text: "Edited in place, within Google's limits, with the change recorded.",
  },
  {
    icon: Power,
    title: 'Reboot and remote commands',
    text: 'Reboot, wipe users, powerwash, capture logs; each tracked until it ends.',
  },
  {
    icon: Eraser,
    title: 'Disable or deprovision',
    text: 'Lost-device message, reason codes and a typed confirmation for the permanent ones.',
  },
];

/** One Chromebook, identified by its validated Directory device ID. */
export function DeviceOverview({ deviceId }: { deviceId: string }) {
  return (
    <div className="flex flex-col gap-6">
      <div>
        <nav aria-label="Breadcrumb">
          <ol className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <li>
              {/* `/devices` resolves through a route rule to wherever the device list lives. */}
              <Link to="/devices" className="inline-flex items-center gap-1 rounded hover:text-foreground">
                <ArrowLeft className="size-4" aria-hidden="true" />
                Devices
              </Link>
            </li>
            <li aria-hidden="true">/</li>
            <li aria-current="page" className="max-w-[50vw] truncate font-mono text-xs">
              {deviceId}
            </li>
          </ol>
        </nav>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold tracking-tight">Chromebook</h1>
          <Badge tone="neutral">Not synced yet</Badge>
        </div>
        <p className="mt-1 text-sm text-muted-foreground">
          Device ID{' '}
          <code
            className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs text-foreground"
            data-testid="device-id"
          >
            {deviceId}
          </code>
        </p>
      </div>
      <Tabs defaultValue="overview">
        <TabsList aria-label="Device sections">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="history">History</TabsTrigger>
          <TabsTrigger value="health">Health</TabsTrigger>
          <TabsTrigger value="actions">Actions</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <Card>
            <CardHeader>
              <CardTitle>Details</CardTitle>
              <CardDescription>
                Everything Google knows about this device, joined with its telemetry and Fleetdeck&apos;s own
                notes.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-x-8 gap-y-3 sm:grid-cols-2">
                {DETAILS.map((label) => (
                  <div key={label} className="flex justify-between gap-4 border-b border-border pb-2 text-sm">
                    <dt className="text-muted-foreground">{label}</dt>
                    <dd className="text-muted-foreground/70">—</dd>
                  </div>
                ))}
              </dl>
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="history">
          <EmptyState icon={Timeline} title="A timeline of who had this device">
            Users, organizational units, status changes and commands, each with when and by whom, appear here
            after the first sync.
          </EmptyState>
        </TabsContent>
        <TabsContent value="health">
          <div className="grid gap-4 sm:grid-cols-3">
            {[
              {
                icon: BatteryMedium,
                label: 'Battery',
                text: 'Capacity and cycle count, with a replace-soon warning.',
              },
              { icon: Cpu, label: 'CPU and memory', text: 'Utilisation trends from Chrome telemetry.' },
              { icon: MapPin, label: 'Network', text: 'Last seen network, IP and signal strength.' },
            ].map(({ icon: Icon, label, text }) => (
              <Card key={label} className="p-4">
                <Icon className="size-5 text-accent" aria-hidden="true" />
                <h3 className="mt-3 text-sm font-semibold">{label}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{text}</p>
              </Card>
            ))}
          </div>
        </TabsContent>
        <TabsContent value="actions">
          <CapabilityList items={ACTIONS} />
          <p className="mt-4 flex items-center gap-2 text-sm text-muted-foreground">
            <StickyNote className="size-4" aria-hidden="true" />
            Every action is audited and limited by your role.
          </p>
        </TabsContent>
      </Tabs>
    </div>
  );
}

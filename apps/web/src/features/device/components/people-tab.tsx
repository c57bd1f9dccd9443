import { UserRound } from 'lucide-react';
import type { DeviceDetail } from '@fleetdeck/shared/device-contract';
import { BreakableText } from '../../../components/breakable-text.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { humanize } from '../format.ts';
import { FactList } from './fact-list.tsx';
import { TimelinePanel } from './timeline-panel.tsx';

/** Who has the device and where it is, then the timeline of how that changed. */
export function PeopleTab({ detail }: { detail: DeviceDetail }) {
  const { device } = detail;
  const network = device.lastKnownNetwork[0];
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <div className="flex flex-col gap-4">
        <Card>
          <CardHeader>
            <CardTitle>Assigned</CardTitle>
            <CardDescription>As your organization annotated it.</CardDescription>
          </CardHeader>
          <CardContent className="pt-3">
            <FactList
              stacked
              facts={[
                { label: 'User', value: device.annotatedUser },
                { label: 'Location', value: device.annotatedLocation },
                {
                  label: 'Organizational unit',
                  value: device.orgUnitPath ? <BreakableText text={device.orgUnitPath} /> : null,
                },
                {
                  label: 'Last seen on network',
                  value: network
                    ? `LAN ${network.ipAddress ?? '—'} · WAN ${network.wanIpAddress ?? '—'}`
                    : null,
                  mono: true,
                },
              ]}
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Recent users</CardTitle>
            <CardDescription>Who signed in lately, most recent first.</CardDescription>
          </CardHeader>
          <CardContent className="pt-3">
            {device.recentUsers.length === 0 ? (
              <p className="text-sm text-muted-foreground">Google reports no recent sign-ins.</p>
            ) : (
              <ul className="flex flex-col gap-2" aria-label="Recent users">
                {device.recentUsers.map((user, index) => (
                  <li key={`${user.email ?? 'unknown'}-${index}`} className="flex items-start gap-2 text-sm">
                    <UserRound className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                    {user.email ? (
                      <BreakableText text={user.email} className="min-w-0 flex-1" />
                    ) : (
                      <span className="min-w-0 flex-1">Unmanaged or guest user</span>
                    )}
                    {user.type ? (
                      <span className="mt-0.5 shrink-0 text-xs text-muted-foreground">
                        {humanize(user.type)}
                      </span>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Timeline</CardTitle>
          <CardDescription>
            Field edits, user changes, moves, status changes, commands and syncs, newest first.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <TimelinePanel deviceId={device.deviceId} />
        </CardContent>
      </Card>
    </div>
  );
}

import type { DeviceDetail } from '@fleetdeck/shared/device-contract';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { complianceTone, formatBytes, formatDate, humanize, isDeveloperMode } from '../format.ts';
import { AnnotateCard } from './annotate-card.tsx';
import { FactList } from './fact-list.tsx';
import { RelativeTime } from './relative-time.tsx';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className="pt-3">{children}</CardContent>
    </Card>
  );
}

type Device = DeviceDetail['device'];

/** Model, serial number, chips and network addresses. */
function HardwareSection({ device }: { device: Device }) {
  return (
    <Section title="Hardware">
      <FactList
        columns={1}
        facts={[
          { label: 'Model', value: device.model },
          { label: 'Serial number', value: device.serialNumber, mono: true },
          { label: 'CPU', value: device.cpuModel },
          { label: 'Memory', value: formatBytes(device.ramTotalBytes) },
          { label: 'Storage', value: formatBytes(device.storageTotalBytes) },
          { label: 'TPM', value: device.tpmVersion },
          { label: 'Manufactured', value: formatDate(device.manufactureDate) },
          { label: 'Wi-Fi MAC', value: device.macAddress, mono: true },
          { label: 'Ethernet MAC', value: device.ethernetMacAddress, mono: true },
        ]}
      />
    </Section>
  );
}

/** ChromeOS versions, compliance, updates and boot mode (developer mode flagged). */
function SoftwareSection({ device }: { device: Device }) {
  const devMode = isDeveloperMode(device.bootMode);
  const update = device.osUpdate;
  return (
    <Section title="Software">
      <FactList
        columns={1}
        facts={[
          { label: 'ChromeOS version', value: device.osVersion },
          { label: 'Platform version', value: device.platformVersion },
          { label: 'Firmware', value: device.firmwareVersion },
          {
            label: 'OS compliance',
            value: device.osCompliance ? (
              <Badge tone={complianceTone(device.osCompliance)}>{humanize(device.osCompliance)}</Badge>
            ) : null,
          },
          { label: 'Update state', value: humanize(update?.state ?? device.osUpdateState) },
          { label: 'Update target', value: update?.targetOsVersion },
          {
            label: 'Last update',
            value: update?.updateTime ? <RelativeTime iso={update.updateTime} /> : null,
          },
          {
            label: 'Last reboot',
            value: update?.rebootTime ? <RelativeTime iso={update.rebootTime} /> : null,
          },
          {
            label: 'Boot mode',
            value: device.bootMode ? (
              devMode ? (
                <Badge tone="danger">Developer mode</Badge>
              ) : (
                humanize(device.bootMode)
              )
            ) : null,
          },
          { label: 'ChromeOS type', value: humanize(device.chromeOsType) },
        ]}
      />
    </Section>
  );
}

/** License, enrollment dates, auto-update expiration and when Fleetdeck last copied the device. */
function EnrollmentSection({ detail }: { detail: DeviceDetail }) {
  const { device } = detail;
  return (
    <Section title="Enrollment and license">
      <FactList
        columns={1}
        facts={[
          { label: 'License', value: humanize(device.licenseType) },
          { label: 'First enrolled', value: <RelativeTime iso={device.firstEnrollmentTime} /> },
          { label: 'Last enrolled', value: <RelativeTime iso={device.lastEnrollmentTime} /> },
          { label: 'Auto-update expiration', value: formatDate(device.aueDate) },
          { label: 'First seen by Fleetdeck', value: <RelativeTime iso={device.firstSeenAt} /> },
          {
            label: 'Last copied by Fleetdeck',
            value: <RelativeTime iso={detail.lastSyncedAt} fallback="Never" />,
          },
          ...(device.deprovisionReason
            ? [{ label: 'Deprovision reason', value: humanize(device.deprovisionReason) }]
            : []),
        ]}
      />
    </Section>
  );
}

/** The last known addresses and check-in, with earlier networks folded away. */
function NetworkSection({ device }: { device: Device }) {
  const network = device.lastKnownNetwork[0];
  return (
    <Section title="Network">
      <FactList
        columns={1}
        facts={[
          { label: 'Last LAN IP', value: network?.ipAddress ?? device.lanIp, mono: true },
          { label: 'Last WAN IP', value: network?.wanIpAddress ?? device.wanIp, mono: true },
          { label: 'Last check-in', value: <RelativeTime iso={device.lastSync} fallback="Never" /> },
        ]}
      />
      {device.lastKnownNetwork.length > 1 ? (
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer text-muted-foreground">
            Earlier networks ({device.lastKnownNetwork.length - 1})
          </summary>
          <ul className="mt-2 flex flex-col gap-1 font-mono text-xs">
            {device.lastKnownNetwork.slice(1).map((entry, index) => (
              <li key={index}>
                LAN {entry.ipAddress ?? '—'} · WAN {entry.wanIpAddress ?? '—'}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </Section>
  );
}

/** Everything Google reports about the device's hardware, software, enrollment and network. */
export function OverviewTab({
  detail,
  editing,
  onEditingChange,
}: {
  detail: DeviceDetail;
  editing: boolean;
  onEditingChange: (editing: boolean) => void;
}) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="lg:col-span-2">
        <AnnotateCard detail={detail} editing={editing} onEditingChange={onEditingChange} />
      </div>
      <HardwareSection device={detail.device} />
      <SoftwareSection device={detail.device} />
      <EnrollmentSection detail={detail} />
      <NetworkSection device={detail.device} />
    </div>
  );
}

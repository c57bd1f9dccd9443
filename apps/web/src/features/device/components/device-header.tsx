import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, ShieldAlert, ShieldCheck } from 'lucide-react';
import type { DeviceDetail } from '@fleetdeck/shared/device-contract';
import { BreakableText } from '../../../components/breakable-text.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { aueBadge, formatDate, humanize, isDeveloperMode, statusTone } from '../format.ts';
import type { DeviceAction } from '../action-rules.ts';
import { DeviceActionsMenu } from './device-actions-menu.tsx';
import { fleetBackPath } from './fleet-back-path.ts';
import { RelativeTime } from './relative-time.tsx';

/**
 * The breadcrumb back to the fleet view the admin came from, ending in this device's id (shown
 * while it loads too).
 */
export function DeviceBreadcrumb({ deviceId, label }: { deviceId: string; label?: string | null }) {
  const [backTo] = useState(() => fleetBackPath(() => window.sessionStorage));
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex items-center gap-1.5 text-sm text-muted-foreground">
        <li>
          {/* `/devices` resolves through a route rule to wherever the device list lives, query kept. */}
          <Link to={backTo} className="inline-flex items-center gap-1 rounded hover:text-foreground">
            <ArrowLeft className="size-4" aria-hidden="true" />
            Devices
          </Link>
        </li>
        <li aria-hidden="true">/</li>
        <li aria-current="page" className="max-w-[50vw] truncate font-mono text-xs">
          {label ?? deviceId}
        </li>
      </ol>
    </nav>
  );
}

/**
 * One fact under the header's rule, clamped to two lines; `long` facts (OU path, user email) wrap in
 * full and take the whole row on phones, since a cut-off path or address is no use.
 */
function HeaderFact({
  label,
  long = false,
  children,
}: {
  label: string;
  long?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className={cn('min-w-0', long && 'col-span-2 sm:col-span-1')}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={cn('mt-0.5 text-sm font-medium [overflow-wrap:anywhere]', !long && 'line-clamp-2')}>
        {children}
      </dd>
    </div>
  );
}

const dash = <span className="font-normal text-muted-foreground">—</span>;

type Device = DeviceDetail['device'];

/** Status, auto-update expiration, boot mode, kiosk and deletion at a glance. */
function DeviceBadges({ device }: { device: Device }) {
  const aue = aueBadge(device.aueDate);
  const devMode = isDeveloperMode(device.bootMode);
  return (
    <div className="mt-2 flex flex-wrap items-center gap-1.5" data-testid="device-badges">
      <Badge tone={statusTone(device.status)} data-testid="device-status">
        {humanize(device.status) ?? 'Unknown status'}
      </Badge>
      {aue ? (
        <Badge tone={aue.tone} title={`Auto-update expiration: ${formatDate(device.aueDate) ?? ''}`}>
          {aue.label}
        </Badge>
      ) : (
        <Badge tone="neutral">AUE unknown</Badge>
      )}
      {devMode ? (
        <Badge tone="danger" title="Verified boot is off: the OS can be modified on this device.">
          <ShieldAlert aria-hidden="true" />
          Developer mode
        </Badge>
      ) : device.bootMode ? (
        <Badge tone="neutral">
          <ShieldCheck aria-hidden="true" />
          Verified boot
        </Badge>
      ) : null}
      {device.isKiosk ? <Badge tone="accent">Kiosk</Badge> : null}
      {device.deletedAt ? <Badge tone="danger">Deleted at Google</Badge> : null}
    </div>
  );
}

/** The facts under the header's rule: unit, user, asset ID, last sync, OS version and device ID. */
function HeaderFacts({ device }: { device: Device }) {
  // The assigned user when there is one; otherwise who used it last, labelled as such so the
  // header never contradicts the asset details (where the assigned user is "—").
  const assigned = device.annotatedUser !== null;
  const user = device.annotatedUser ?? device.recentUser;
  return (
    <dl className="mt-5 grid grid-cols-2 gap-x-6 gap-y-3 border-t border-border pt-4 sm:grid-cols-3 lg:grid-cols-6">
      <HeaderFact label="Organizational unit" long>
        {device.orgUnitPath ? <BreakableText text={device.orgUnitPath} /> : dash}
      </HeaderFact>
      <HeaderFact label={assigned || user === null ? 'User' : 'Most recent user'} long>
        {user ? <BreakableText text={user} /> : dash}
      </HeaderFact>
      <HeaderFact label="Asset ID">{device.annotatedAssetId ?? dash}</HeaderFact>
      <HeaderFact label="Last sync">
        <RelativeTime iso={device.lastSync} fallback="Never" />
      </HeaderFact>
      <HeaderFact label="OS version">{device.osVersion ?? dash}</HeaderFact>
      <HeaderFact label="Device ID">
        <code className="font-mono text-xs font-normal" data-testid="device-id" title={device.deviceId}>
          {device.deviceId}
        </code>
      </HeaderFact>
    </dl>
  );
}

/** The device's key facts, status badges and actions: what an admin checks first. */
export function DeviceHeader({
  detail,
  onAction,
}: {
  detail: DeviceDetail;
  onAction: (action: DeviceAction) => void;
}) {
  const { device } = detail;
  // Opening a device (from the table, a link, the keyboard) puts focus on its heading, so a screen
  // reader starts here and Tab goes on to the device's actions; live updates do not move it again.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus({ preventScroll: true }), [device.deviceId]);
  return (
    <Card className="p-5">
      <div className="flex flex-col gap-4 md:flex-row md:items-start md:justify-between">
        <div className="min-w-0">
          <p className="text-sm text-muted-foreground">{device.model ?? 'Chromebook'}</p>
          <h1
            ref={heading}
            tabIndex={-1}
            className="mt-0.5 font-mono text-2xl font-semibold tracking-tight break-all focus:outline-none"
          >
            {device.serialNumber ?? 'Unknown serial'}
          </h1>
          <DeviceBadges device={device} />
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button variant="secondary" asChild>
            <Link to={`/debugPolicy?deviceId=${encodeURIComponent(device.deviceId)}`}>
              Policies for this device
            </Link>
          </Button>
          <DeviceActionsMenu detail={detail} onAction={onAction} />
        </div>
      </div>
      <HeaderFacts device={device} />
    </Card>
  );
}

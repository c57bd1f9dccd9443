import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Activity, History, LayoutList, SearchX, Terminal } from 'lucide-react';
import type { DeviceCommandType } from '@fleetdeck/shared/device-actions';
import type { DeviceDetail } from '@fleetdeck/shared/device-contract';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { isNotFound, useDevice } from '../api/get-device.ts';
import { CommandDialog } from './command-dialog.tsx';
import { CommandsPanel } from './commands-panel.tsx';
import type { DeviceAction } from '../action-rules.ts';
import { DeviceBreadcrumb, DeviceHeader } from './device-header.tsx';
import { HealthTab } from './health-tab.tsx';
import { MoveDialog } from './move-dialog.tsx';
import { OverviewTab } from './overview-tab.tsx';
import { PeopleTab } from './people-tab.tsx';
import { StatusDialog } from './status-dialogs.tsx';
import { useLiveDevice } from './use-live-device.ts';
import { ErrorReference } from '../../../components/errors/error-reference.tsx';

const TABS = ['overview', 'health', 'history', 'commands'] as const;
type Tab = (typeof TABS)[number];

function isTab(value: string | null): value is Tab {
  return (TABS as readonly (string | null)[]).includes(value);
}

function PageSkeleton() {
  return (
    <div className="flex flex-col gap-4" aria-busy="true" aria-label="Loading device">
      <Skeleton className="h-44 w-full" />
      <Skeleton className="h-9 w-80" />
      <div className="grid gap-4 lg:grid-cols-2">
        <Skeleton className="h-64 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    </div>
  );
}

/** A well-formed id that this organization has no device for (or the caller may not see). */
function DeviceNotFound({ deviceId }: { deviceId: string }) {
  return (
    <>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Chromebook</h1>
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
      <EmptyState
        icon={SearchX}
        title="Device not found in this organization"
        action={
          <Button variant="secondary" asChild>
            <Link to="/devices">Back to the fleet</Link>
          </Button>
        }
      >
        No Chromebook with this ID is in your organization, or it is in an organizational unit you cannot see.
        If it was enrolled a moment ago, it appears after the next sync.
      </EmptyState>
    </>
  );
}

/** The open tab, kept in `?tab=` (Overview leaves it out) without adding history entries. */
function useDeviceTab() {
  const [search, setSearch] = useSearchParams();
  const requested = search.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'overview';
  const showTab = (next: string) => {
    if (!isTab(next)) return;
    setSearch(
      (previous) => {
        const params = new URLSearchParams(previous);
        if (next === 'overview') params.delete('tab');
        else params.set('tab', next);
        return params;
      },
      { replace: true },
    );
  };
  return { tab, showTab };
}

/** Which action is under way (editing, moving, a status change or a command) and how each starts. */
function useDeviceActions(showTab: (tab: Tab) => void) {
  const [editing, setEditing] = useState(false);
  const [moving, setMoving] = useState(false);
  const [statusAction, setStatusAction] = useState<'disable' | 'reenable' | 'deprovision'>();
  const [command, setCommand] = useState<DeviceCommandType | 'choose'>();
  const onAction = (action: DeviceAction) => {
    if (action === 'edit') {
      showTab('overview');
      setEditing(true);
    } else if (action === 'move') setMoving(true);
    else if (action === 'reboot') setCommand('REBOOT');
    else if (action === 'commands') setCommand('choose');
    else setStatusAction(action);
  };
  return {
    editing,
    setEditing,
    moving,
    setMoving,
    statusAction,
    setStatusAction,
    command,
    setCommand,
    onAction,
  };
}

type DeviceActions = ReturnType<typeof useDeviceActions>;

/** Overview, Health, People & places and Commands. */
function DeviceTabs({
  detail,
  tab,
  showTab,
  actions,
}: {
  detail: DeviceDetail;
  tab: Tab;
  showTab: (tab: string) => void;
  actions: DeviceActions;
}) {
  return (
    <Tabs value={tab} onValueChange={showTab}>
      {/* Two rows of two on phones, so no section is off-screen behind a sideways scroll. */}
      <TabsList aria-label="Device sections" className="max-sm:grid max-sm:grid-cols-2">
        <TabsTrigger value="overview">
          <LayoutList aria-hidden="true" />
          Overview
        </TabsTrigger>
        <TabsTrigger value="health">
          <Activity aria-hidden="true" />
          Health
        </TabsTrigger>
        <TabsTrigger value="history">
          <History aria-hidden="true" />
          People &amp; places
        </TabsTrigger>
        <TabsTrigger value="commands">
          <Terminal aria-hidden="true" />
          Commands
        </TabsTrigger>
      </TabsList>
      <TabsContent value="overview">
        <OverviewTab detail={detail} editing={actions.editing} onEditingChange={actions.setEditing} />
      </TabsContent>
      <TabsContent value="health">
        <HealthTab detail={detail} />
      </TabsContent>
      <TabsContent value="history">
        <PeopleTab detail={detail} />
      </TabsContent>
      <TabsContent value="commands">
        <CommandsPanel detail={detail} onSend={actions.setCommand} />
      </TabsContent>
    </Tabs>
  );
}

/** The move, status and command dialogs; a command sent opens the Commands tab to follow it. */
function DeviceDialogs({
  detail,
  actions,
  showTab,
}: {
  detail: DeviceDetail;
  actions: DeviceActions;
  showTab: (tab: Tab) => void;
}) {
  return (
    <>
      <MoveDialog detail={detail} open={actions.moving} onOpenChange={actions.setMoving} />
      <StatusDialog
        detail={detail}
        kind={actions.statusAction}
        onClose={() => actions.setStatusAction(undefined)}
      />
      <CommandDialog
        detail={detail}
        initial={actions.command}
        onClose={() => actions.setCommand(undefined)}
        onIssued={() => showTab('commands')}
      />
    </>
  );
}

/** `/devices/chromebook/:deviceID`: one Chromebook, everything known about it, and what may be done to it. */
export function DevicePage({ deviceId }: { deviceId: string }) {
  const device = useDevice(deviceId);
  useLiveDevice(deviceId);
  const { tab, showTab } = useDeviceTab();
  const actions = useDeviceActions(showTab);
  const serial = device.data?.device.serialNumber;
  return (
    <div className="flex flex-col gap-5">
      <title>{`${serial ? `${serial} · ` : ''}Chromebook · Fleetdeck`}</title>
      <DeviceBreadcrumb deviceId={deviceId} label={serial} />
      {device.isPending ? <PageSkeleton /> : null}
      {device.isError && isNotFound(device.error) ? <DeviceNotFound deviceId={deviceId} /> : null}
      {device.isError && !isNotFound(device.error) ? (
        <FormMessage>
          <p>{device.error.message}</p>
          <ErrorReference error={device.error} className="text-inherit" />
          <Button variant="link" className="text-sm" onClick={() => void device.refetch()}>
            Try again
          </Button>
        </FormMessage>
      ) : null}
      {device.data ? (
        <>
          <DeviceHeader detail={device.data} onAction={actions.onAction} />
          <DeviceTabs detail={device.data} tab={tab} showTab={showTab} actions={actions} />
          <DeviceDialogs detail={device.data} actions={actions} showTab={showTab} />
        </>
      ) : null}
    </div>
  );
}

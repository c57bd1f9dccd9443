import { FolderInput, Pencil, Power, RotateCcw, Ban, Trash2, Terminal } from 'lucide-react';
import type { DeviceAction } from '../action-rules.ts';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import type { MenuPanelProps } from '../../../components/ui/menu-on-demand.tsx';

/** The device's actions menu itself, loaded on demand (device-actions-menu.tsx draws its button). */
export default function DeviceActionsPanel({
  trigger,
  defaultOpen,
  actions,
  onAction,
}: MenuPanelProps & { actions: ReadonlySet<DeviceAction>; onAction: (action: DeviceAction) => void }) {
  const manage = actions.has('edit') || actions.has('move');
  const commands = actions.has('reboot');
  const status = actions.has('disable') || actions.has('reenable') || actions.has('deprovision');
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent className="w-64">
        {manage ? <DropdownMenuLabel>Manage</DropdownMenuLabel> : null}
        {actions.has('edit') ? (
          <DropdownMenuItem onSelect={() => onAction('edit')}>
            <Pencil aria-hidden="true" />
            Edit asset details
          </DropdownMenuItem>
        ) : null}
        {actions.has('move') ? (
          <DropdownMenuItem onSelect={() => onAction('move')}>
            <FolderInput aria-hidden="true" />
            Move to organizational unit…
          </DropdownMenuItem>
        ) : null}
        {commands ? (
          <>
            {manage ? <DropdownMenuSeparator /> : null}
            <DropdownMenuLabel>Remote commands</DropdownMenuLabel>
            <DropdownMenuItem onSelect={() => onAction('reboot')}>
              <Power aria-hidden="true" />
              Reboot…
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => onAction('commands')}>
              <Terminal aria-hidden="true" />
              Other commands…
            </DropdownMenuItem>
          </>
        ) : null}
        {status ? (
          <>
            {manage || commands ? <DropdownMenuSeparator /> : null}
            <DropdownMenuLabel>Status</DropdownMenuLabel>
            {actions.has('disable') ? (
              <DropdownMenuItem onSelect={() => onAction('disable')}>
                <Ban aria-hidden="true" />
                Disable…
              </DropdownMenuItem>
            ) : null}
            {actions.has('reenable') ? (
              <DropdownMenuItem onSelect={() => onAction('reenable')}>
                <RotateCcw aria-hidden="true" />
                Re-enable…
              </DropdownMenuItem>
            ) : null}
            {actions.has('deprovision') ? (
              <DropdownMenuItem onSelect={() => onAction('deprovision')} className="text-danger">
                <Trash2 aria-hidden="true" className="!text-danger" />
                Deprovision…
              </DropdownMenuItem>
            ) : null}
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

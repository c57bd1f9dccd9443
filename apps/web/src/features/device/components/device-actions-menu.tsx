import { ChevronDown } from 'lucide-react';
import type { DeviceDetail } from '@fleetdeck/shared/device-contract';
import { availableActions, type DeviceAction } from '../action-rules.ts';
import { Button } from '../../../components/ui/button.tsx';
import { menuOnDemand } from '../../../components/ui/menu-on-demand.tsx';

const DeviceActionsOnDemand = menuOnDemand(() => import('./device-actions-panel.tsx'));

/** The device's actions, limited to what the caller's role allows; hidden entirely for viewers. */
export function DeviceActionsMenu({
  detail,
  onAction,
}: {
  detail: DeviceDetail;
  onAction: (action: DeviceAction) => void;
}) {
  const actions = new Set(availableActions(detail));
  if (actions.size === 0) return null;
  return (
    <DeviceActionsOnDemand
      actions={actions}
      onAction={onAction}
      trigger={
        <Button>
          Actions
          <ChevronDown aria-hidden="true" />
        </Button>
      }
    />
  );
}

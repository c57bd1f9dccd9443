import { FleetStatusPage } from '../../features/fleet/components/fleet-status-page.tsx';

/** `/devices/fleetStatus`: the fleet table. */
export function Component() {
  return <FleetStatusPage />;
}

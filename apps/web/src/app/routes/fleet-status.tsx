import { PageHeader } from '../../components/page-header.tsx';
import { FleetStatusIntro } from '../../features/fleet/components/fleet-status-intro.tsx';

/** `/devices/fleetStatus`: the fleet table. */
export function Component() {
  return (
    <>
      <title>Fleet status · Fleetdeck</title>
      <PageHeader
        title="Fleet status"
        description="Every managed Chromebook: search, filter, sort, act in bulk, and export."
      />
      <FleetStatusIntro />
    </>
  );
}

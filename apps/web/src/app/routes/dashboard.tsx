import { PageHeader } from '../../components/page-header.tsx';
import { DashboardView } from '../../features/dashboard/components/dashboard-view.tsx';

/** `/dashboard`: fleet health at a glance. */
export function Component() {
  return (
    <>
      <title>Dashboard · Fleetdeck</title>
      <PageHeader
        title="Dashboard"
        description="Fleet health at a glance: what needs attention today, and what to plan for this school year."
      />
      <DashboardView />
    </>
  );
}

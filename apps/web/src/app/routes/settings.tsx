import { Outlet } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { SettingsNav } from '../../features/settings/components/settings-nav.tsx';

/** `/settings/*`: team, sign-in and security, Google connection, sync, audit log, API tokens. */
export function Component() {
  return (
    <>
      <title>Settings · Fleetdeck</title>
      <PageHeader
        title="Settings"
        description="Your organization's team, Google connection and sync, security, and what happened when."
      />
      <SettingsNav />
      <Outlet />
    </>
  );
}

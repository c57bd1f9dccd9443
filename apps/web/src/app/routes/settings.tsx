import { PageHeader } from '../../components/page-header.tsx';
import { SettingsSections } from '../../features/settings/components/settings-sections.tsx';

/** `/settings`: team, Google connection, sync, security, audit log. */
export function Component() {
  return (
    <>
      <title>Settings · Fleetdeck</title>
      <PageHeader
        title="Settings"
        description="Your organization's team, Google connection, sync schedule and security."
      />
      <SettingsSections />
    </>
  );
}

import { HelpPage } from '../../features/help/components/help-page.tsx';

/** `/help`: Fleetdeck's own help, signed in or not. */
export function Component() {
  return (
    <>
      <title>Help · Fleetdeck</title>
      <HelpPage />
    </>
  );
}

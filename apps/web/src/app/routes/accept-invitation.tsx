import { AcceptInvitationPanel } from '../../features/invitations/components/accept-invitation-panel.tsx';

/** `/invitations/accept?token=`: where the invitation email leads (after sign-in). */
export function Component() {
  return (
    <>
      <title>Accept invitation · Fleetdeck</title>
      <AcceptInvitationPanel />
    </>
  );
}

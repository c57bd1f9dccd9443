import { LandingIntro } from '../../features/landing/components/landing-intro.tsx';

/** `/`: what Fleetdeck is, and the way in. Also where sign-out lands. */
export function Component() {
  return (
    <>
      <title>Fleetdeck · Chromebook fleet console</title>
      <LandingIntro />
    </>
  );
}

import { Link } from 'react-router';
import {
  ArrowRight,
  CircleCheck,
  ClipboardList,
  Download,
  FolderTree,
  ListTree,
  ScanSearch,
  ShieldCheck,
  Timeline,
} from 'lucide-react';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CapabilityList, type Capability } from '../../../components/capability-list.tsx';
import { useSignedOutNotice } from '../../../lib/auth/signed-out-notice.ts';
import { useAuthSession } from '../../../lib/auth/use-auth-session.ts';

const CAPABILITIES: readonly Capability[] = [
  {
    icon: ScanSearch,
    title: 'Exact serial search',
    text: 'Paste a list of serials and see 0, 1 or many matches per line before anything runs. No partial matches, no surprises.',
  },
  {
    icon: ShieldCheck,
    title: 'Bulk actions with a blast radius',
    text: 'Every bulk move, disable or wipe shows device count, OUs touched and a diff first, then per-device results.',
  },
  {
    icon: Timeline,
    title: 'Who had it, when, where',
    text: 'A timeline per device: users, OUs, status changes and commands, not just the last sign-in.',
  },
  {
    icon: ListTree,
    title: 'Policy debugger',
    text: 'For any device or OU, the effective value of each policy and the organizational unit that set it.',
  },
  {
    icon: FolderTree,
    title: 'Built for big fleets',
    text: 'A fast local copy of 2,000 to 250,000 devices, synced by OU in parallel and searchable in well under a second.',
  },
  {
    icon: Download,
    title: 'Exports that finish',
    text: 'Stream a CSV of any size with the columns and filters you chose, for audits and replacement planning.',
  },
];

/** The landing page: what Fleetdeck is, who it is for, and the way in. */
export function LandingIntro() {
  const { session } = useAuthSession();
  const signedOut = useSignedOutNotice();
  return (
    <div className="mx-auto max-w-5xl">
      {signedOut && !session ? (
        <Banner icon={<CircleCheck aria-hidden="true" />} className="mt-6" data-testid="signed-out-notice">
          You are signed out. Sign in again to get back to your fleet.
        </Banner>
      ) : null}
      <section className="py-10 sm:py-16">
        <p className="inline-flex items-center gap-2 rounded-full bg-accent-subtle px-3 py-1 text-xs font-medium text-accent-subtle-foreground">
          <ClipboardList className="size-3.5" aria-hidden="true" />
          For school-district and company IT teams
        </p>
        <h1 className="mt-5 max-w-3xl text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
          Your Chromebook fleet, clear and fast.
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-pretty text-muted-foreground">
          Fleetdeck is a console for managed Chromebooks. See, search, fix and act on tens of thousands of
          devices in seconds, with every change previewed before it runs and recorded after.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          {session ? (
            <Button asChild size="lg">
              <Link to="/dashboard">
                Go to the dashboard
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          ) : (
            <Button asChild size="lg">
              <Link to="/login">
                Sign in
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          )}
        </div>
      </section>
      <section aria-labelledby="capabilities-heading" className="pb-12">
        <h2 id="capabilities-heading" className="sr-only">
          What Fleetdeck does
        </h2>
        <CapabilityList items={CAPABILITIES} />
      </section>
    </div>
  );
}

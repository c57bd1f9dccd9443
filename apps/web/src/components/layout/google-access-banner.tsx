import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { KeyRound } from 'lucide-react';
import type { OnboardingStatusResponse } from '@fleetdeck/shared/organization-contract';
import { apiFetch } from '../../lib/api-client.ts';
import { useAuthSession } from '../../lib/auth/use-auth-session.ts';
import { Banner } from '../ui/banner.tsx';
import { onboardingStatusKeys } from '../../api/onboarding-status.ts';

/**
 * Why: when Google refuses the organization's grant (revoked, or its admin lost rights) every
 * member sees it on every page, once, and owners are sent to the one place that fixes it; nothing
 * retries in the background.
 */
export function GoogleAccessBanner() {
  const { pathname } = useLocation();
  const { session } = useAuthSession();
  const status = useQuery({
    queryKey: onboardingStatusKeys.status,
    queryFn: () => apiFetch<OnboardingStatusResponse>('/api/onboarding/status'),
    // The app's shell shows while the session is still being read (an unknown path, say): only a
    // signed-in person has an organization to warn about, and a signed-out one would get a 401.
    enabled: session !== null,
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });
  const org = status.data?.organization;
  // Onboarding says the same in its own words, with the reconnect step beside it.
  if (pathname.startsWith('/onboarding')) return null;
  if (!org || status.data?.google?.status !== 'needs_reconsent') return null;
  return (
    <div className="mx-auto w-full max-w-[90rem] px-3 pt-3 sm:px-5">
      <Banner tone="warning" icon={<KeyRound aria-hidden="true" />} data-testid="google-grant-refused">
        <span>
          Google refused Fleetdeck&apos;s access to {org.name}: devices cannot be read or changed until an
          owner reconnects. Your data is kept.{' '}
          {org.role === 'owner' ? (
            <Link className="font-medium underline" to="/settings/google">
              Reconnect Google
            </Link>
          ) : (
            'Ask an owner of your organization to reconnect Google.'
          )}
        </span>
      </Banner>
    </div>
  );
}

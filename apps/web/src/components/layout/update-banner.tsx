import { useEffect, useState } from 'react';
import { RefreshCw, Sparkles } from 'lucide-react';
import { Banner } from '../ui/banner.tsx';
import { Button } from '../ui/button.tsx';
import { readBuildId, watchForNewVersion } from '../../lib/build-manifest.ts';

/**
 * Offers a reload when a newer Fleetdeck build has been deployed. Non-blocking: work in
 * progress (a half-typed bulk edit) is never thrown away without the admin's say.
 */
export function UpdateBanner() {
  const [available, setAvailable] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    const buildId = readBuildId();
    if (!buildId) return;
    return watchForNewVersion({ currentBuildId: buildId, onNewVersion: () => setAvailable(true) });
  }, []);
  if (!available || dismissed) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-40 flex justify-center px-4">
      <Banner
        className="pointer-events-auto w-full max-w-lg"
        icon={<Sparkles aria-hidden="true" />}
        action={
          <div className="flex shrink-0 gap-2">
            <Button variant="ghost" size="sm" onClick={() => setDismissed(true)}>
              Later
            </Button>
            <Button size="sm" onClick={() => window.location.reload()}>
              <RefreshCw aria-hidden="true" />
              Reload
            </Button>
          </div>
        }
      >
        <p className="font-medium">A new version is available</p>
        <p className="text-muted-foreground">Reload to get the latest Fleetdeck.</p>
      </Banner>
    </div>
  );
}

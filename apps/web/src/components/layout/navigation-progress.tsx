import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';

/** Fast navigations should not flicker a loader; show progress only after this long. */
const SHOW_AFTER_MS = 200;

/** A thin bar at the top of the window while a route (chunk, loaders) is loading. */
export function NavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const [delayPassed, setDelayPassed] = useState(false);
  useEffect(() => {
    if (!busy) return;
    const timer = setTimeout(() => setDelayPassed(true), SHOW_AFTER_MS);
    return () => {
      clearTimeout(timer);
      setDelayPassed(false);
    };
  }, [busy]);
  if (!busy || !delayPassed) return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-accent/20"
    >
      <div className="h-full w-2/5 animate-progress bg-accent" />
    </div>
  );
}

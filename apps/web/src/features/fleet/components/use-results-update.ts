import { useEffect, useState } from 'react';
import { nextUpdatePhase, SHOW_UPDATING_AFTER_MS, type UpdatePhase } from '../results-update.ts';

/**
 * Why: the table keeps the previous rows readable while the next query loads; this says when to
 * show that it is updating (after a short delay) and when to announce that the rows changed.
 */
export function useResultsUpdate(loading: boolean): UpdatePhase {
  const [phase, setPhase] = useState<UpdatePhase>(loading ? 'waiting' : 'idle');
  const [wasLoading, setWasLoading] = useState(loading);
  if (loading !== wasLoading) {
    setWasLoading(loading);
    setPhase(nextUpdatePhase(phase, loading ? 'start' : 'done'));
  }
  useEffect(() => {
    if (!loading) return;
    const timer = setTimeout(
      () => setPhase((current) => nextUpdatePhase(current, 'delay-passed')),
      SHOW_UPDATING_AFTER_MS,
    );
    return () => clearTimeout(timer);
  }, [loading]);
  return phase;
}

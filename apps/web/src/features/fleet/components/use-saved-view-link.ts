import { useEffect } from 'react';
import type { SetURLSearchParams } from 'react-router';
import type { SavedView } from '@fleetdeck/shared/fleet-contract';
import { useSavedViews } from '../api/saved-views.ts';
import { hasExplicitState, readViewState, writeViewState, type FleetViewState } from '../fleet-url-state.ts';

/**
 * Why: a saved view is shared as a link. One that carries only `?view=<id>` brings the view's
 * query, columns and sort into the URL once the views have loaded, and the table waits for that
 * instead of loading the fleet unfiltered first; a link to a view that is gone says so. `openView`
 * puts a view's state in the URL with its id.
 */
export function useSavedViewLink(
  view: FleetViewState,
  params: URLSearchParams,
  setParams: SetURLSearchParams,
) {
  const savedViews = useSavedViews();
  const activeView = savedViews.data?.views.find((saved) => saved.id === view.viewId);
  const explicit = hasExplicitState(params);
  useEffect(() => {
    if (!activeView || explicit) return;
    setParams(
      writeViewState(
        { q: activeView.q, columns: activeView.columns, sort: activeView.sort, dir: activeView.dir },
        readViewState(params),
      ),
      { replace: true },
    );
  }, [activeView, explicit, params, setParams]);
  const openView = (saved: SavedView) =>
    setParams(
      writeViewState(
        { q: saved.q, columns: saved.columns, sort: saved.sort, dir: saved.dir, viewId: saved.id },
        view,
      ),
    );
  return {
    views: savedViews.data?.views,
    activeView,
    openView,
    /** The link names a view that no longer exists (or is not shared with this member). */
    missingView: view.viewId !== null && savedViews.isSuccess && !activeView,
    /** A bare view link waits for the view (and its state in the URL) before loading anything. */
    waitingForView: view.viewId !== null && (savedViews.isPending || activeView !== undefined) && !explicit,
  };
}

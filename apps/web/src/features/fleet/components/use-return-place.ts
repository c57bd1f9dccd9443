import { useLayoutEffect, useMemo, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';
import { fleetListKey, keepPlace, placeInRows, placeOf, takePlace, type FleetPlace } from '../fleet-place.ts';
import { readViewState } from '../fleet-url-state.ts';
import type { FleetRow } from '../live-rows.ts';

const sessionStore = () => window.sessionStorage;

interface Shown {
  readonly list: string;
  readonly pathname: string;
  readonly rows: readonly FleetRow[];
  readonly rowHeight: number;
  readonly activeIndex: number;
}

/**
 * Why: an admin who opens a device far down the table and goes back (Back, or the "Devices"
 * breadcrumb) continues where they were: the same rows in view, the device they opened as the
 * active row, and focus on the grid if it was in the table (fleet-place.ts, decision 029). The place
 * is kept when the table leaves the page and restored once, the first time the list's own rows
 * are shown again, only if those rows are loaded (cached); otherwise the table starts at the top.
 */
export function useReturnPlace(table: {
  scrollRef: RefObject<HTMLElement | null>;
  rows: readonly FleetRow[];
  /** The rows belong to an earlier list while the next one loads: they are not this list's place. */
  stale: boolean;
  rowHeight: number;
  activeIndex: number;
  /** Make a row the active one and bring it into view (if the window is smaller than it was). */
  activate: (index: number) => void;
}): void {
  const { scrollRef, rows, stale, rowHeight, activeIndex, activate } = table;
  const location = useLocation();
  const list = useMemo(
    () => fleetListKey(readViewState(new URLSearchParams(location.search))),
    [location.search],
  );

  // What the table shows, as of its last render of the list's own rows, for when it leaves.
  const shown = useRef<Shown | null>(null);
  useLayoutEffect(() => {
    if (!stale) shown.current = { list, pathname: location.pathname, rows, rowHeight, activeIndex };
  });

  // Taken once, when the table appears; applied when the list's rows are there (its first page may
  // still be loading when its cached pages were dropped).
  const pending = useRef<FleetPlace | null | undefined>(undefined);
  useLayoutEffect(() => {
    if (pending.current === undefined) pending.current = takePlace(list, sessionStore);
    const place = pending.current;
    const element = scrollRef.current;
    if (!place || !element || stale || rows.length === 0) return;
    pending.current = null;
    // Another list by now, or the admin already scrolled: leave the table as it is.
    if (place.list !== list || element.scrollTop > 0) return;
    const target = placeInRows(place, rows);
    if (!target) return;
    element.scrollTop = target.topRow * rowHeight;
    element.scrollLeft = place.scrollLeft;
    activate(target.active);
    if (place.focus) element.focus({ preventScroll: true, focusVisible: place.focus === 'keyboard' });
    // The virtualiser reads the offset on scroll; told now, it renders the rows before the first paint.
    element.dispatchEvent(new Event('scroll'));
  }, [list, rows, stale, rowHeight, scrollRef, activate]);

  // Kept when the table goes because the page is left (not when it gives way to "no results").
  // A layout cleanup runs while the table is still in the document: its offsets and focus are there.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    return () => {
      const was = shown.current;
      if (!element || !was || window.location.pathname === was.pathname) return;
      const place = placeOf({
        ...was,
        scrollTop: element.scrollTop,
        scrollLeft: element.scrollLeft,
        focus: focusWithin(element),
      });
      if (place) keepPlace(place, sessionStore);
    };
  }, [scrollRef]);
}

function focusWithin(element: HTMLElement): FleetPlace['focus'] {
  const focused = element.ownerDocument.activeElement;
  if (!focused || !element.contains(focused)) return null;
  return focused.matches(':focus-visible') ? 'keyboard' : 'pointer';
}

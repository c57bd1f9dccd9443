import { useCallback, useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Row virtualisation for fixed-height rows: only the rows in view (plus `overscan` either side)
 * are rendered, the body keeps the height of every row so the scrollbar stands for the whole
 * result, and the range only changes state when a different row enters the view.
 */
export function useFixedRows({
  scrollRef,
  count,
  rowHeight,
  headerHeight,
  overscan,
}: {
  scrollRef: RefObject<HTMLElement | null>;
  count: number;
  rowHeight: number;
  /** The sticky header inside the scroll container, above the rows. */
  headerHeight: number;
  overscan: number;
}): {
  items: { index: number; start: number }[];
  totalSize: number;
  scrollToIndex: (index: number) => void;
  viewportRows: () => number;
} {
  const [range, setRange] = useState({ first: 0, last: 30 });

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const update = () => {
      const body = Math.max(0, element.clientHeight - headerHeight);
      const first = Math.floor(element.scrollTop / rowHeight);
      const last = Math.ceil((element.scrollTop + body) / rowHeight);
      setRange((current) => (current.first === first && current.last === last ? current : { first, last }));
    };
    update();
    element.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => {
      element.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, [scrollRef, rowHeight, headerHeight]);

  const first = Math.max(0, range.first - overscan);
  const last = Math.min(count - 1, range.last + overscan);
  const items: { index: number; start: number }[] = [];
  for (let index = first; index <= last; index += 1) items.push({ index, start: index * rowHeight });

  const scrollToIndex = useCallback(
    (index: number) => {
      const element = scrollRef.current;
      if (!element) return;
      const body = element.clientHeight - headerHeight;
      const top = index * rowHeight;
      if (top < element.scrollTop) element.scrollTop = top;
      else if (top + rowHeight > element.scrollTop + body) element.scrollTop = top + rowHeight - body;
    },
    [scrollRef, rowHeight, headerHeight],
  );
  const viewportRows = useCallback(
    () => Math.max(1, Math.floor(((scrollRef.current?.clientHeight ?? 400) - headerHeight) / rowHeight)),
    [scrollRef, rowHeight, headerHeight],
  );
  return { items, totalSize: count * rowHeight, scrollToIndex, viewportRows };
}

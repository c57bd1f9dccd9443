import { useEffect, useRef } from 'react';

/** Why: opening a page puts focus on its heading, so a screen reader starts there and Tab goes on from it. */
export function useHeadingFocus<T extends HTMLElement>(key: string) {
  const heading = useRef<T>(null);
  useEffect(() => heading.current?.focus({ preventScroll: true }), [key]);
  return heading;
}

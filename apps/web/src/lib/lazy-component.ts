// eslint-disable-next-line no-restricted-imports -- the one wrapper of React's lazy the rule points to
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { withChunkReload } from './chunk-reload.ts';

/**
 * Why: a part of a page loaded on demand (charts, dialogs) is a content-hashed chunk like a route,
 * so after a deployment an open tab asks for one that no longer exists. Through `withChunkReload`
 * it heals with one reload (the tab's URL keeps the page and its tab) instead of showing the raw
 * "Failed to fetch dynamically imported module" as an error page. React's own `lazy` is refused by
 * lint everywhere else in the web app.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(withChunkReload(load));
}

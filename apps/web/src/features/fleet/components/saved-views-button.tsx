import { Suspense, useState, type ComponentProps } from 'react';
import { Bookmark, ChevronDown } from 'lucide-react';
import type { SavedView, SavedViewState } from '@fleetdeck/shared/fleet-contract';
import { Button } from '../../../components/ui/button.tsx';
import { lazyComponent } from '../../../lib/lazy-component.ts';
import type { SavedViewsMenu as SavedViewsMenuModule } from './saved-views-menu.tsx';

type MenuProps = ComponentProps<typeof SavedViewsMenuModule>;

const loadMenu = () => import('./saved-views-menu.tsx');
const SavedViewsMenu = lazyComponent<MenuProps>(() =>
  loadMenu().then((module) => ({ default: module.SavedViewsMenu })),
);

/** Whether the view state shown differs from the saved view it was opened from. */
export function isEdited(activeView: SavedView | undefined, current: SavedViewState): boolean {
  return (
    activeView !== undefined &&
    (activeView.q !== current.q ||
      activeView.sort !== current.sort ||
      activeView.dir !== current.dir ||
      activeView.columns.join(',') !== current.columns.join(','))
  );
}

/** The "Views" button: the open view's name, "(edited)" when changed since it was saved. */
export function ViewsButton({
  activeView,
  current,
  ...props
}: { activeView: SavedView | undefined; current: SavedViewState } & ComponentProps<typeof Button>) {
  return (
    <Button variant="secondary" size="sm" className="max-w-56" {...props}>
      <Bookmark aria-hidden="true" />
      <span className="truncate">{activeView ? activeView.name : 'Views'}</span>
      {isEdited(activeView, current) ? <span className="text-xs text-muted-foreground">(edited)</span> : null}
      <ChevronDown aria-hidden="true" />
    </Button>
  );
}

/**
 * Why: the saved views menu (its items, save, update, share and delete) is read only when the
 * admin reaches for it, so it stays out of the fleet page's first load (goal ≤ 200 KB gzip). The
 * button shows the open view at once; pointing at it or focusing it starts loading the menu, and
 * a click opens the menu as soon as it is there.
 */
export function SavedViewsButton(props: Omit<MenuProps, 'defaultOpen'>) {
  const [clicked, setClicked] = useState(false);
  const standIn = (
    <ViewsButton
      activeView={props.activeView}
      current={props.current}
      aria-haspopup="menu"
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={() => setClicked(true)}
    />
  );
  if (!clicked) return standIn;
  return (
    <Suspense fallback={standIn}>
      <SavedViewsMenu {...props} defaultOpen />
    </Suspense>
  );
}

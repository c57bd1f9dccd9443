import type { ComponentProps } from 'react';
import { Bookmark, ChevronDown } from 'lucide-react';
import type { SavedView, SavedViewState } from '@fleetdeck/shared/fleet-contract';
import { Button } from '../../../components/ui/button.tsx';

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

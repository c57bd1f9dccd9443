import { Suspense, useState, type ComponentProps } from 'react';
import { Bookmark, Link2, Plus, Save, Trash2, Users } from 'lucide-react';
import type { SavedView, SavedViewState } from '@fleetdeck/shared/fleet-contract';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { useDeleteSavedView, useUpdateSavedView } from '../api/saved-views.ts';
import { cn } from '../../../lib/cn.ts';
import { lazyComponent } from '../../../lib/lazy-component.ts';
import { savedViewOwner } from '../saved-view-owner.ts';
import type { SaveViewDialog as SaveViewDialogModule } from './save-view-dialog.tsx';
import type { MenuPanelProps } from '../../../components/ui/menu-on-demand.tsx';
import { isEdited } from './views-button.tsx';

const SaveViewDialog = lazyComponent<ComponentProps<typeof SaveViewDialogModule>>(() =>
  import('./save-view-dialog.tsx').then((module) => ({ default: module.SaveViewDialog })),
);

/** Updating or deleting the open view, and copying the link to what is on screen. */
function useViewActions(onSaved: (view: SavedView) => void, onDeleted: () => void) {
  const [copied, setCopied] = useState(false);
  const update = useUpdateSavedView();
  const remove = useDeleteSavedView();
  const updateView = (view: SavedView, current: SavedViewState) =>
    update.mutate({ id: view.id, patch: current }, { onSuccess: (saved) => onSaved(saved) });
  const deleteView = (view: SavedView) => {
    if (window.confirm(`Delete the view “${view.name}”?`)) remove.mutate(view.id, { onSuccess: onDeleted });
  };
  const copyLink = () => {
    void navigator.clipboard.writeText(window.location.href).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return { copied, updateView, deleteView, copyLink, error: update.error ?? remove.error };
}

/**
 * Saved views: the admin's own and those shared with the organization. Opening one puts its state
 * in the URL (with `view=<id>`), so the URL itself can be shared.
 */
export default function SavedViewsMenu({
  views,
  activeView,
  current,
  onOpen,
  onSaved,
  onDeleted,
  trigger,
  defaultOpen,
}: MenuPanelProps & {
  views: readonly SavedView[] | undefined;
  activeView: SavedView | undefined;
  current: SavedViewState;
  onOpen: (view: SavedView) => void;
  onSaved: (view: SavedView) => void;
  onDeleted: () => void;
}) {
  const [saving, setSaving] = useState(false);
  const actions = useViewActions(onSaved, onDeleted);
  const changed = isEdited(activeView, current);
  return (
    <>
      <DropdownMenu defaultOpen={defaultOpen}>
        <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
        <DropdownMenuContent className="w-72" align="start">
          <ViewGroups views={views} activeId={activeView?.id} onOpen={onOpen} />
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setSaving(true)}>
            <Plus aria-hidden="true" />
            Save as new view…
          </DropdownMenuItem>
          {activeView?.editable && changed ? (
            <DropdownMenuItem onSelect={() => actions.updateView(activeView, current)}>
              <Save aria-hidden="true" />
              Update “{activeView.name}”
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuItem onSelect={actions.copyLink}>
            <Link2 aria-hidden="true" />
            {actions.copied ? 'Link copied' : 'Copy link to this view'}
          </DropdownMenuItem>
          {activeView?.editable ? (
            <DropdownMenuItem className="text-danger" onSelect={() => actions.deleteView(activeView)}>
              <Trash2 aria-hidden="true" />
              Delete “{activeView.name}”
            </DropdownMenuItem>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
      {actions.error ? (
        <span role="alert" className="text-xs text-danger">
          {actions.error.message}
        </span>
      ) : null}
      {saving ? (
        <Suspense fallback={null}>
          <SaveViewDialog
            onClose={() => setSaving(false)}
            current={current}
            onSaved={(view) => {
              setSaving(false);
              onSaved(view);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** My views, then those shared with the organization; a line when there are none yet. */
function ViewGroups({
  views,
  activeId,
  onOpen,
}: {
  views: readonly SavedView[] | undefined;
  activeId: string | undefined;
  onOpen: (view: SavedView) => void;
}) {
  return (
    <>
      <ViewGroup
        label="My views"
        views={views?.filter((view) => !view.shared) ?? []}
        activeId={activeId}
        onOpen={onOpen}
      />
      <ViewGroup
        label="Shared with the organization"
        views={views?.filter((view) => view.shared) ?? []}
        activeId={activeId}
        onOpen={onOpen}
      />
      {views && views.length === 0 ? (
        <p className="px-2 py-1.5 text-sm text-muted-foreground">No saved views yet.</p>
      ) : null}
    </>
  );
}

function ViewGroup({
  label,
  views,
  activeId,
  onOpen,
}: {
  label: string;
  views: readonly SavedView[];
  activeId: string | undefined;
  onOpen: (view: SavedView) => void;
}) {
  if (views.length === 0) return null;
  return (
    <>
      <DropdownMenuLabel>{label}</DropdownMenuLabel>
      {views.map((view) => {
        // The name gets the width (two lines if need be); who shared it goes under it, smaller.
        const owner = view.shared ? savedViewOwner(view) : { label: null, title: view.name };
        return (
          <DropdownMenuItem
            key={view.id}
            onSelect={() => onOpen(view)}
            aria-current={view.id === activeId ? 'true' : undefined}
            className={cn('items-start', view.id === activeId && 'font-medium')}
            title={owner.title}
          >
            {view.shared ? (
              <Users aria-hidden="true" className="mt-0.5 shrink-0" />
            ) : (
              <Bookmark aria-hidden="true" className="mt-0.5 shrink-0" />
            )}
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="line-clamp-2 [overflow-wrap:anywhere]">{view.name}</span>
              {owner.label ? (
                <span className="truncate text-xs font-normal text-muted-foreground">{owner.label}</span>
              ) : null}
            </span>
          </DropdownMenuItem>
        );
      })}
    </>
  );
}

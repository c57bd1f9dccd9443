import { useState, type SyntheticEvent } from 'react';
import type { SavedView, SavedViewState } from '@fleetdeck/shared/fleet-contract';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { useCreateSavedView } from '../api/saved-views.ts';
import { SafeTextForm } from '../../../components/ui/safe-text-form.tsx';

/** Names the current query, columns and sort as a view, private or shared with the organization. */
export function SaveViewDialog({
  onClose,
  current,
  onSaved,
}: {
  onClose: () => void;
  current: SavedViewState;
  onSaved: (view: SavedView) => void;
}) {
  const create = useCreateSavedView();
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    create.mutate(
      { ...current, columns: [...current.columns], name: name.trim(), shared },
      {
        onSuccess: (view) => {
          setName('');
          setShared(false);
          onSaved(view);
        },
      },
    );
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title="Save view"
        description="Saves the query, columns and sort. Shared views are listed for everyone in the organization."
      >
        <SafeTextForm onSubmit={submit} className="flex flex-col gap-4">
          <Field
            id="saved-view-name"
            label="Name"
            value={name}
            maxLength={80}
            required
            autoFocus
            onChange={(event) => setName(event.target.value)}
            placeholder="e.g. North High, AUE this year"
          />
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-[var(--color-accent)]"
              checked={shared}
              onChange={(event) => setShared(event.target.checked)}
            />
            Share with the organization
          </label>
          {current.q ? (
            <p className="text-xs text-muted-foreground">
              Query: <code className="font-mono text-foreground">{current.q}</code>
            </p>
          ) : null}
          {create.error ? <FormMessage>{create.error.message}</FormMessage> : null}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending || name.trim() === ''}>
              Save view
            </Button>
          </div>
        </SafeTextForm>
      </DialogContent>
    </Dialog>
  );
}

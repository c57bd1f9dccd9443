import type { BulkAction, BulkPreview, BulkTarget } from '@fleetdeck/shared/bulk-contract';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useStartBulkAction, type StartedBulkAction } from '../api/bulk-actions.ts';
import type { BulkKind } from '../bulk-kinds.ts';
import { bulkStartWording, bulkWording } from '../bulk-wording.ts';
import { BulkPreviewPanel } from './bulk-preview-panel.tsx';

/**
 * The second step of a bulk action: the blast radius, the count typed for destructive actions,
 * and the start, which runs it, or above the organization's plan threshold saves a plan a second
 * member must approve (said before the start; a deprovision or a command too).
 */
export function BulkConfirmStep({
  kind,
  target,
  action,
  preview,
  typed,
  onTyped,
  onBack,
  onStarted,
}: {
  kind: BulkKind;
  target: BulkTarget;
  action: BulkAction;
  preview: BulkPreview;
  /** The count typed so far (kept by the dialog while the member goes back to the form). */
  typed: string;
  onTyped: (typed: string) => void;
  onBack: () => void;
  onStarted: (started: StartedBulkAction) => void;
}) {
  const start = useStartBulkAction();
  const words = bulkWording(kind, preview);
  const startWords = bulkStartWording(kind, preview);
  const countOk = !preview.requiresTypedCount || typed.trim() === String(preview.changeCount);
  const run = () =>
    start.mutate(
      {
        target,
        action,
        previewToken: preview.previewToken,
        ...(preview.requiresTypedCount ? { confirmCount: Number(typed.trim()) } : {}),
      },
      { onSuccess: onStarted },
    );
  const blocked = preview.changeCount === 0;
  return (
    <div className="flex flex-col gap-4">
      <BulkPreviewPanel kind={kind} preview={preview} />
      {preview.requiresTypedCount && !blocked ? (
        <TypedCount count={preview.changeCount} note={words.typedCountNote} typed={typed} onTyped={onTyped} />
      ) : null}
      {words.nothingToDo ? <StartNote id="bulk-nothing-to-do" text={words.nothingToDo} /> : null}
      {startWords.note ? <StartNote id="bulk-start-note" text={startWords.note} /> : null}
      {start.error ? <FormMessage>{start.error.message}</FormMessage> : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
        <Button
          variant={preview.destructive ? 'danger' : 'primary'}
          disabled={!countOk || blocked || start.isPending}
          aria-describedby={describedBy(words.nothingToDo, startWords.note)}
          onClick={run}
        >
          {start.isPending ? 'Starting…' : (startWords.confirm ?? words.confirm)}
        </Button>
      </div>
    </div>
  );
}

function describedBy(nothingToDo: string | null, startNote: string | null): string | undefined {
  const ids = [nothingToDo ? 'bulk-nothing-to-do' : null, startNote ? 'bulk-start-note' : null];
  const joined = ids.filter((id) => id !== null).join(' ');
  return joined === '' ? undefined : joined;
}

/** A line the start button is described by: why nothing would happen, or what starting does. */
function StartNote({ id, text }: { id: string; text: string }) {
  return (
    <p id={id} className="text-sm text-muted-foreground" data-testid={id}>
      {text}
    </p>
  );
}

/** Destructive actions (and disabling) ask for the number of devices that will change, typed. */
function TypedCount({
  count,
  note,
  typed,
  onTyped,
}: {
  count: number;
  note: string | null;
  typed: string;
  onTyped: (typed: string) => void;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor="bulk-confirm-count" className="text-sm font-medium">
        Type <span className="font-mono">{count}</span> to confirm
      </label>
      {note ? (
        <p className="text-xs text-muted-foreground" data-testid="bulk-confirm-note">
          {note}
        </p>
      ) : null}
      <Input
        id="bulk-confirm-count"
        inputMode="numeric"
        autoComplete="off"
        value={typed}
        onChange={(event) => onTyped(event.target.value)}
        className="w-40 font-mono"
      />
    </div>
  );
}

import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { BulkAction, BulkPreview } from '@fleetdeck/shared/bulk-contract';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { usePreviewBulkAction, useStartBulkAction } from '../api/bulk-actions.ts';
import { BULK_KIND_INFO, type BulkKind } from '../bulk-kinds.ts';
import { bulkWording } from '../bulk-wording.ts';
import { formatCount } from '../format.ts';
import { bulkTarget, selectionSize, type FleetSelection } from '../selection.ts';
import { BulkActionForm, initialAction } from './bulk-action-form.tsx';
import { BulkPreviewPanel } from './bulk-preview-panel.tsx';
import { BulkRunPanel } from './bulk-run-panel.tsx';
import { SafeTextForm } from '../../../components/ui/safe-text-form.tsx';
import { fleetKeys } from '../api/fleet-query-keys.ts';

type Step = 'form' | 'preview' | 'run';

/**
 * One bulk action in three steps: its inputs, the blast radius (device count, OUs touched, a
 * before → after diff; destructive actions ask for the count to be typed), then live results per
 * device with a retry of the failures.
 */
export function BulkActionDialog({
  kind,
  selection,
  onClose,
  onFinished,
  fallbackFocus,
}: {
  kind: BulkKind;
  selection: FleetSelection;
  /** `ran`: a run was started, so its devices were acted on (not only previewed). */
  onClose: (ran: boolean) => void;
  onFinished: () => void;
  /** Where focus goes on close when the Actions button is gone (the selection was cleared). */
  fallbackFocus?: () => HTMLElement | null | undefined;
}) {
  const info = BULK_KIND_INFO[kind];
  const [step, setStep] = useState<Step>('form');
  const [action, setAction] = useState<BulkAction | null>(() => initialAction(kind));
  const [typed, setTyped] = useState('');
  const [runId, setRunId] = useState<string | undefined>();
  const preview = usePreviewBulkAction();
  const start = useStartBulkAction();
  const target = bulkTarget(selection);
  const queryClient = useQueryClient();
  const finished = useRef(false);
  const close = () => onClose(runId !== undefined);

  const requestPreview = (event: SyntheticEvent) => {
    event.preventDefault();
    if (!action) return;
    preview.mutate({ target, action }, { onSuccess: () => setStep('preview') });
  };
  const data: BulkPreview | undefined = preview.data;
  const words = data ? bulkWording(kind, data) : undefined;
  const countOk = !data?.requiresTypedCount || typed.trim() === String(data.changeCount);
  const run = () => {
    if (!action || !data) return;
    start.mutate(
      {
        target,
        action,
        previewToken: data.previewToken,
        ...(data.requiresTypedCount ? { confirmCount: Number(typed.trim()) } : {}),
      },
      {
        onSuccess: (started) => {
          setRunId(started.id);
          setStep('run');
        },
      },
    );
  };
  useEffect(
    () => () => {
      if (finished.current) void queryClient.invalidateQueries({ queryKey: fleetKeys.all });
    },
    [queryClient],
  );

  const size = selectionSize(selection);
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent
        title={info.title}
        description={
          step === 'run'
            ? 'Results per device as Google answers. You can close this; the run continues.'
            : step === 'preview'
              ? 'Only the devices that will change are sent to Google. Review them, then confirm.'
              : `${selection.kind === 'query' ? 'Every device matching the query' : 'The selected devices'}: ${
                  selection.kind === 'query' && !selection.exact ? 'about ' : ''
                }${formatCount(size)}.`
        }
        className="max-h-[90dvh] w-[min(44rem,calc(100vw-2rem))] overflow-y-auto"
        fallbackFocus={fallbackFocus}
      >
        {step === 'form' ? (
          <SafeTextForm onSubmit={requestPreview} className="flex flex-col gap-4">
            <BulkActionForm kind={kind} onChange={setAction} />
            {preview.error ? <FormMessage>{preview.error.message}</FormMessage> : null}
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" disabled={!action || preview.isPending}>
                {preview.isPending ? 'Checking…' : 'Preview changes'}
              </Button>
            </div>
          </SafeTextForm>
        ) : null}
        {step === 'preview' && data ? (
          <div className="flex flex-col gap-4">
            <BulkPreviewPanel kind={kind} preview={data} />
            {data.requiresTypedCount && data.changeCount > 0 ? (
              <div className="flex flex-col gap-1.5">
                <label htmlFor="bulk-confirm-count" className="text-sm font-medium">
                  Type <span className="font-mono">{data.changeCount}</span> to confirm
                </label>
                {words?.typedCountNote ? (
                  <p className="text-xs text-muted-foreground" data-testid="bulk-confirm-note">
                    {words.typedCountNote}
                  </p>
                ) : null}
                <Input
                  id="bulk-confirm-count"
                  inputMode="numeric"
                  autoComplete="off"
                  value={typed}
                  onChange={(event) => setTyped(event.target.value)}
                  className="w-40 font-mono"
                />
              </div>
            ) : null}
            {words?.nothingToDo ? (
              <p
                id="bulk-nothing-to-do"
                className="text-sm text-muted-foreground"
                data-testid="bulk-nothing-to-do"
              >
                {words.nothingToDo}
              </p>
            ) : null}
            {start.error ? <FormMessage>{start.error.message}</FormMessage> : null}
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={() => setStep('form')}>
                Back
              </Button>
              <Button
                variant={data.destructive ? 'danger' : 'primary'}
                disabled={!countOk || data.changeCount === 0 || start.isPending}
                aria-describedby={words?.nothingToDo ? 'bulk-nothing-to-do' : undefined}
                onClick={run}
              >
                {start.isPending ? 'Starting…' : words?.confirm}
              </Button>
            </div>
          </div>
        ) : null}
        {step === 'run' && runId ? (
          <BulkRunPanel
            runId={runId}
            onRunId={setRunId}
            onFinished={() => {
              finished.current = true;
              onFinished();
            }}
            onClose={close}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

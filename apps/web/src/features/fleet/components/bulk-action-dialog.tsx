import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { BulkAction } from '@fleetdeck/shared/bulk-contract';
import type { Plan } from '@fleetdeck/shared/plan-contract';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { FormMessage } from '../../../components/ui/form-message.tsx';
import { usePreviewBulkAction, type StartedBulkAction } from '../api/bulk-actions.ts';
import { BULK_KIND_INFO, type BulkKind } from '../bulk-kinds.ts';
import { formatCount } from '../format.ts';
import { bulkTarget, selectionSize, type FleetSelection } from '../selection.ts';
import { BulkActionForm, initialAction } from './bulk-action-form.tsx';
import { BulkConfirmStep } from './bulk-confirm-step.tsx';
import { BulkPlanSaved } from './bulk-plan-saved.tsx';
import { BulkRunPanel } from './bulk-run-panel.tsx';
import { SafeTextForm } from '../../../components/ui/safe-text-form.tsx';
import { fleetKeys } from '../api/fleet-query-keys.ts';

type Step = 'form' | 'preview' | 'run' | 'plan';

/** The line under the dialog's title: what the current step is about. */
function stepDescription(step: Step, selection: FleetSelection): string {
  if (step === 'run') return 'Results per device as Google answers. You can close this; the run continues.';
  if (step === 'plan') return 'Saved as a change plan: a second member must approve it before it runs.';
  if (step === 'preview')
    return 'Only the devices that will change are sent to Google. Review them, then confirm.';
  const size = selectionSize(selection);
  return `${selection.kind === 'query' ? 'Every device matching the query' : 'The selected devices'}: ${
    selection.kind === 'query' && !selection.exact ? 'about ' : ''
  }${formatCount(size)}.`;
}

/**
 * Why: devices a run changed show their new values in the fleet once the dialog closes; answers
 * `onFinished` wrapped to note that a run finished.
 */
function useRefreshFleetOnClose(onFinished: () => void): () => void {
  const queryClient = useQueryClient();
  const finishedRef = useRef(false);
  useEffect(
    () => () => {
      if (finishedRef.current) void queryClient.invalidateQueries({ queryKey: fleetKeys.all });
    },
    [queryClient],
  );
  return () => {
    finishedRef.current = true;
    onFinished();
  };
}

/**
 * One bulk action in three steps: its inputs, the blast radius (device count, OUs touched, a
 * before → after diff; destructive actions ask for the count to be typed), then live results per
 * device with a retry of the failures, or, above the organization's plan threshold, the plan
 * saved for a second member's approval with a link to it.
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
  const [step, setStep] = useState<Step>('form');
  const [action, setAction] = useState<BulkAction | null>(() => initialAction(kind));
  const [typed, setTyped] = useState('');
  const [runId, setRunId] = useState<string | undefined>();
  const [plan, setPlan] = useState<Plan | undefined>();
  const preview = usePreviewBulkAction();
  const target = bulkTarget(selection);
  const runFinished = useRefreshFleetOnClose(onFinished);
  const close = () => onClose(runId !== undefined);

  const requestPreview = () => {
    if (action) preview.mutate({ target, action }, { onSuccess: () => setStep('preview') });
  };
  const started = (answer: StartedBulkAction) => {
    if ('plan' in answer) setPlan(answer.plan);
    else setRunId(answer.run.id);
    setStep('plan' in answer ? 'plan' : 'run');
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent
        title={BULK_KIND_INFO[kind].title}
        description={stepDescription(step, selection)}
        className="max-h-[90dvh] w-[min(44rem,calc(100vw-2rem))] overflow-y-auto"
        fallbackFocus={fallbackFocus}
      >
        {step === 'form' ? (
          <BulkFormStep
            kind={kind}
            onChange={setAction}
            onSubmit={requestPreview}
            onCancel={close}
            ready={action !== null}
            pending={preview.isPending}
            error={preview.error?.message}
          />
        ) : null}
        {step === 'preview' && preview.data && action ? (
          <BulkConfirmStep
            kind={kind}
            target={target}
            action={action}
            preview={preview.data}
            typed={typed}
            onTyped={setTyped}
            onBack={() => setStep('form')}
            onStarted={started}
          />
        ) : null}
        {step === 'run' && runId ? (
          <BulkRunPanel runId={runId} onRunId={setRunId} onFinished={runFinished} onClose={close} />
        ) : null}
        {step === 'plan' && plan ? <BulkPlanSaved plan={plan} onClose={close} /> : null}
      </DialogContent>
    </Dialog>
  );
}

/** The first step: the action's inputs, then "Preview changes". */
function BulkFormStep({
  kind,
  onChange,
  onSubmit,
  onCancel,
  ready,
  pending,
  error,
}: {
  kind: BulkKind;
  onChange: (action: BulkAction | null) => void;
  onSubmit: () => void;
  onCancel: () => void;
  ready: boolean;
  pending: boolean;
  error: string | undefined;
}) {
  return (
    <SafeTextForm
      onSubmit={(event: SyntheticEvent) => {
        event.preventDefault();
        onSubmit();
      }}
      className="flex flex-col gap-4"
    >
      <BulkActionForm kind={kind} onChange={onChange} />
      {error ? <FormMessage>{error}</FormMessage> : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={!ready || pending}>
          {pending ? 'Checking…' : 'Preview changes'}
        </Button>
      </div>
    </SafeTextForm>
  );
}

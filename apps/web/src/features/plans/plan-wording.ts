import {
  DEPROVISION_REASON_LABELS,
  DEVICE_COMMANDS,
  DISABLE_REASON_LABELS,
} from '@fleetdeck/shared/device-actions';
import type {
  Plan,
  PlanBulkAction,
  PlanChange,
  PlanDeviceState,
  PlanKind,
  PlanOutcome,
  PlanRunState,
  PlanState,
} from '@fleetdeck/shared/plan-contract';

type Tone = 'neutral' | 'accent' | 'success' | 'warning' | 'danger';

export const PLAN_STATE_LABELS: Readonly<Record<PlanState, string>> = {
  draft: 'Draft',
  awaiting_approval: 'Awaiting approval',
  approved: 'Approved',
  running: 'Running',
  paused: 'Paused',
  done: 'Done',
  undone: 'Undone',
  cancelled: 'Cancelled',
};

export const PLAN_STATE_TONES: Readonly<Record<PlanState, Tone>> = {
  draft: 'neutral',
  awaiting_approval: 'warning',
  approved: 'accent',
  running: 'accent',
  paused: 'warning',
  done: 'success',
  undone: 'neutral',
  cancelled: 'neutral',
};

export const PLAN_KIND_LABELS: Readonly<Record<PlanKind, string>> = {
  csv_update: 'CSV update',
  rollover: 'Rollover',
  bulk_action: 'Bulk action',
  undo: 'Undo',
};

export const OUTCOME_TONES: Readonly<Record<PlanOutcome, Tone>> = {
  change: 'accent',
  unchanged: 'neutral',
  not_found: 'warning',
  ambiguous: 'warning',
  out_of_scope: 'warning',
  invalid: 'danger',
  changed_since: 'warning',
};

const FIELD_LABELS: Readonly<Record<keyof PlanChange, string>> = {
  orgUnitPath: 'OU',
  annotatedAssetId: 'Asset ID',
  annotatedLocation: 'Location',
  annotatedUser: 'User',
  notes: 'Notes',
  status: 'Status',
};

export interface FieldChange {
  readonly field: string;
  readonly from: string;
  readonly to: string;
}

const shown = (value: string | null | undefined) =>
  value === null || value === undefined || value === '' ? '(empty)' : value;

/** Why: the table shows each field a row sets as "current → new", a cleared field as "(empty)". */
export function describeChange(before: PlanDeviceState | null, change: PlanChange | null): FieldChange[] {
  if (!change) return [];
  return (Object.keys(FIELD_LABELS) as (keyof PlanChange)[]).flatMap((field) => {
    const next = change[field];
    if (next === undefined) return [];
    const to = field === 'status' ? (next === 'disable' ? 'Disabled' : 'Re-enabled') : shown(next);
    return [{ field: FIELD_LABELS[field], from: shown(before?.[field]), to }];
  });
}

/** One line of what a bulk action's plan does: "Reason: Lost". */
export interface ActionFact {
  readonly label: string;
  readonly value: string;
}

const BULK_KIND_LABELS: Readonly<Record<Exclude<PlanBulkAction['kind'], 'command'>, string>> = {
  annotate: 'Edit fields',
  move: 'Move to an OU',
  disable: 'Disable',
  reenable: 'Re-enable',
  deprovision: 'Deprovision',
};

/** Why: a command's parameters, in words (only the ones it was sent with). */
function commandFacts(command: Extract<PlanBulkAction, { kind: 'command' }>['command']): ActionFact[] {
  const facts: ActionFact[] = [];
  if (command.volume !== undefined) facts.push({ label: 'Volume', value: `${command.volume} %` });
  if (command.userSessionDelaySeconds !== undefined)
    facts.push({
      label: 'Delay for a signed-in user',
      value: `${command.userSessionDelaySeconds} s`,
    });
  return facts;
}

/**
 * Why: the plan page says what a bulk action's plan does, not only how many devices: the action,
 * then its inputs (the OU, each field set, "(empty)" when cleared, the reason and note, the
 * command's parameters).
 */
export function bulkActionFacts(action: PlanBulkAction): ActionFact[] {
  const kind: ActionFact = {
    label: 'Action',
    value:
      action.kind === 'command' ? DEVICE_COMMANDS[action.command.type].label : BULK_KIND_LABELS[action.kind],
  };
  switch (action.kind) {
    case 'annotate':
      return [
        kind,
        ...describeChange(null, action.fields).map(({ field, to }) => ({ label: field, value: to })),
      ];
    case 'move':
      return action.orgUnitPath ? [kind, { label: 'To OU', value: action.orgUnitPath }] : [kind];
    case 'disable':
      return [
        kind,
        { label: 'Reason', value: action.reason ? DISABLE_REASON_LABELS[action.reason] : 'None given' },
        ...(action.note ? [{ label: 'Note', value: action.note }] : []),
      ];
    case 'reenable':
      return [kind];
    case 'deprovision':
      return [kind, { label: 'Reason', value: DEPROVISION_REASON_LABELS[action.reason] }];
    case 'command':
      return [kind, ...commandFacts(action.command)];
  }
}

/**
 * The actions a plan offers the caller in its state, as the server allows them: its author sends
 * it; anyone who sees it awaiting approval gets Approve (disabled with why, when they may not); its
 * author or an owner or admin (`manages`) may cancel it before it runs.
 */
export function planActions(
  plan: Pick<Plan, 'state' | 'caller'>,
  manages: boolean,
): { submit: boolean; approve: boolean; cancel: boolean } {
  const open = plan.state === 'draft' || plan.state === 'awaiting_approval' || plan.state === 'approved';
  return {
    submit: plan.state === 'draft' && plan.caller.isAuthor,
    approve: plan.state === 'awaiting_approval',
    cancel: open && (plan.caller.isAuthor || manages),
  };
}

/** Why approving is not offered: the server's reason, or the four-eyes rule for the author. */
export function approveBlockedReason(plan: Pick<Plan, 'caller'>): string | null {
  if (plan.caller.canApprove) return null;
  if (plan.caller.whyNot) return plan.caller.whyNot;
  return plan.caller.isAuthor
    ? 'You made this plan: a second member has to approve it.'
    : 'You cannot approve this plan.';
}

/** What became of a plan's changes in its run, as the Run card counts them. */
export const RUN_STATE_LABELS: Readonly<Record<PlanRunState, string>> = {
  pending: 'Waiting',
  sending: 'Sending',
  succeeded: 'Changed',
  failed: 'Failed',
  skipped: 'Skipped',
};

export const RUN_STATE_TONES: Readonly<Record<PlanRunState, Tone>> = {
  pending: 'neutral',
  sending: 'accent',
  succeeded: 'success',
  failed: 'danger',
  skipped: 'warning',
};

/** The changes of a run: all of them, and those it is done with (changed, failed or skipped). */
export function runTotals(counts: Readonly<Record<PlanRunState, number>>): { total: number; done: number } {
  const done = counts.succeeded + counts.failed + counts.skipped;
  return { total: done + counts.pending + counts.sending, done };
}

/** "12 s left", "About 4 min left", "About 1 h 5 min left": the server's estimate, counted down. */
export function formatTimeLeft(seconds: number): string {
  if (seconds <= 0) return 'Finishing…';
  if (seconds < 60) return `${Math.ceil(seconds)} s left`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `About ${minutes} min left`;
  const rest = minutes % 60;
  return `About ${Math.floor(minutes / 60)} h${rest > 0 ? ` ${rest} min` : ''} left`;
}

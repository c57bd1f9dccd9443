import type { PlanState } from '@fleetdeck/shared/plan-contract';
import { AppError } from './app-error.ts';

const inWords = (state: PlanState) => state.replaceAll('_', ' ');

/** Errors of change plans (making, approving, running and undoing one): their ids are the catalogue's. */
export const planErrors = {
  authorOnly: () =>
    new AppError('plan_author_only', 'Only the member who made this plan can send it for approval.'),
  notDraft: (state: PlanState) =>
    new AppError('plan_not_draft', `This plan is ${inWords(state)}; only a draft can be sent.`),
  changesNothing: () =>
    new AppError(
      'plan_changes_nothing',
      'This plan changes no device, so there is nothing to approve or run.',
    ),
  cancelRefused: () =>
    new AppError(
      'plan_cancel_refused',
      'Only the member who made this plan, an owner or an admin can cancel it.',
    ),
  notCancellable: (state: PlanState) =>
    new AppError('plan_not_cancellable', `This plan is ${inWords(state)} and can no longer be cancelled.`),
  notAwaitingApproval: (state: PlanState) =>
    new AppError(
      'plan_not_awaiting_approval',
      state === 'draft'
        ? 'This plan has not been sent for approval yet.'
        : `This plan is ${inWords(state)}; only a plan awaiting approval can be approved.`,
    ),
  authorCannotApprove: () =>
    new AppError(
      'plan_author_cannot_approve',
      'You made this plan, so you cannot approve it: a second member with the right to run it must approve it.',
    ),
  approverLacksRights: (missing: readonly string[]) =>
    new AppError(
      'plan_approver_lacks_rights',
      'Your role cannot make the changes this plan makes, so you cannot approve it. Ask an owner or admin.',
      { details: { missing } },
    ),
  // ── Runs, undo (decision 047) ──
  runRefused: () =>
    new AppError('plan_run_refused', 'Only the member who made this plan, an owner or an admin can run it.'),
  runnerLacksRights: (missing: readonly string[]) =>
    new AppError('plan_run_refused', 'Your role cannot make the changes this plan makes.', {
      details: { missing },
    }),
  notApproved: (state: PlanState) =>
    new AppError('plan_not_approved', `This plan is ${inWords(state)}; only an approved plan can start.`),
  needsApproval: (changes: number, threshold: number) =>
    new AppError(
      'plan_not_approved',
      `This plan changes ${changes} devices, more than ${threshold}: send it for approval first.`,
    ),
  nothingToRun: () =>
    new AppError('plan_not_approved', 'This plan changes no device, so there is nothing to run.'),
  pauseRefused: () =>
    new AppError(
      'plan_pause_refused',
      'Only the member who made or started this plan, an owner or an admin can pause it.',
    ),
  notRunning: (state: PlanState) =>
    new AppError('plan_not_running', `This plan is ${inWords(state)}; only a running plan can be paused.`),
  notPaused: (state: PlanState) =>
    new AppError('plan_not_paused', `This plan is ${inWords(state)}; only a paused plan can be resumed.`),
  bulkRunCannotPause: () =>
    new AppError(
      'plan_cannot_pause',
      'This plan runs as a bulk run of device commands or deprovisions, which cannot be paused: each device is sent once and the run goes on to its end. Follow it on its bulk run.',
    ),
  cannotUndo: () =>
    new AppError(
      'plan_cannot_undo',
      'This plan sent device commands or deprovisioned devices, which cannot be undone: there is no undo plan for it.',
    ),
  undoRefused: () =>
    new AppError('plan_undo_refused', 'Your role cannot make the changes this undo would make.'),
  notDone: (state: PlanState) =>
    new AppError('plan_not_done', `This plan is ${inWords(state)}; only a finished plan can be undone.`),
} as const;

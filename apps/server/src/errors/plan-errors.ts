import type { PlanState } from '@fleetdeck/shared/plan-contract';
import { AppError } from './app-error.ts';

const inWords = (state: PlanState) => state.replaceAll('_', ' ');

/** Errors of change plans: their ids are the catalogue's; the plan module moves to these after the runner lands. */
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
} as const;

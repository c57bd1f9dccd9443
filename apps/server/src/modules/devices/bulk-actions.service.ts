import type {
  BulkAction,
  BulkActionRun,
  BulkPreview,
  BulkPreviewRequest,
  StartBulkActionRequest,
} from '@fleetdeck/shared/bulk-contract';
import { bulkStartOutcome } from '@fleetdeck/shared/bulk-contract';
import type { Plan } from '@fleetdeck/shared/plan-contract';
import { roleCan, type Permission } from '@fleetdeck/shared/permissions';
import { STEP_UP_DISABLE_THRESHOLD, type StepUpReason } from '@fleetdeck/shared/step-up';
import { appErrors } from '../../errors/app-error.ts';
import { deviceErrors } from '../../errors/device-errors.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { BulkRunQueue } from './bulk-runner.ts';
import { returnMessagesOfUnits } from './return-message.ts';
import { bulkPlanThreshold, planBulkAction } from '../plans/bulk-action-plans.service.ts';
import { ALREADY_AS_ASKED, notSentNote } from './bulk-eligibility.ts';
import {
  computePreview,
  resolveTarget,
  validateBulkAction,
  destructiveness,
  type ResolvedTarget,
} from './bulk-preview.ts';
import { createRun, getRun } from './bulk-runs.ts';
import {
  hashAction,
  hashDeviceSet,
  PREVIEW_TOKEN_TTL_MS,
  signPreviewToken,
  verifyPreviewToken,
} from './bulk-token.ts';
import type { DeviceDeps, RequestMeta } from './device-context.ts';
import type { DeviceTenant } from './device-tenant.ts';

/**
 * Bulk actions: preview (the blast radius and a token binding it), start (the token re-checked
 * against the devices the target selects now and how they classify, and the typed count of the
 * devices that will change for destructive actions), and retry of the failures a retry can fix.
 * Runs execute in the background (the `bulk-run` job, bulk-runner.ts); devices not sent are recorded as skipped.
 */

export interface BulkCtx {
  readonly deps: DeviceDeps;
  readonly tenant: DeviceTenant;
  readonly meta: RequestMeta;
  readonly queue: BulkRunQueue;
  /** HMAC key of preview tokens (bulk-token.ts). */
  readonly tokenKey: Buffer;
  /** Asks the caller for a fresh second factor (step-up) unless they gave one within 10 minutes. */
  readonly stepUp: (reason: StepUpReason) => Promise<void>;
}

/**
 * Why: the bulk actions that cannot be taken back, and disabling more than a handful of devices,
 * need the acting member's fresh second factor (the spec's re-authentication).
 */
export function bulkStepUpReason(action: BulkAction, count: number): StepUpReason | undefined {
  if (action.kind === 'deprovision') return 'deprovision';
  if (action.kind === 'disable' && count > STEP_UP_DISABLE_THRESHOLD) return 'bulk_disable';
  if (action.kind === 'command' && action.command.type === 'REMOTE_POWERWASH') return 'powerwash';
  if (action.kind === 'command' && action.command.type === 'WIPE_USERS') return 'wipe_users';
  return undefined;
}

/** Why: each kind of bulk action needs the permission its single-device twin needs. */
export function permissionFor(kind: BulkPreviewRequest['action']['kind']): Permission {
  switch (kind) {
    case 'annotate':
      return 'device.annotate';
    case 'move':
      return 'device.move';
    case 'disable':
    case 'reenable':
    case 'command':
      return 'device.command';
    case 'deprovision':
      return 'device.deprovision';
  }
}

export function requireActionPermission(
  tenant: DeviceTenant,
  kind: BulkPreviewRequest['action']['kind'],
): void {
  if (!roleCan(tenant.role, permissionFor(kind))) throw appErrors.forbidden();
}

/** Why: the confirmation dialog shows exactly what would happen before anything does. */
export async function previewBulkAction(ctx: BulkCtx, request: BulkPreviewRequest): Promise<BulkPreview> {
  requireActionPermission(ctx.tenant, request.action.kind);
  validateBulkAction(request.action);
  const resolved = await resolveTarget(ctx.deps, ctx.tenant, request.target, request.action);
  const preview = await computePreview(ctx.deps, request.action, resolved);
  if (request.action.kind === 'disable') {
    const paths = preview.orgUnits.map((unit) => unit.orgUnitPath);
    preview.returnMessages = await returnMessagesOfUnits(ctx, paths);
  }
  const planThreshold = await bulkPlanThreshold(ctx.deps.db, ctx.tenant.orgId);
  const onStart = bulkStartOutcome(resolved.changeIds.length, planThreshold);
  const previewToken = signPreviewToken(ctx.tokenKey, {
    orgId: ctx.tenant.orgId,
    userId: ctx.tenant.userId,
    action: hashAction(request.action),
    devices: hashClassified(resolved),
    count: resolved.changeIds.length,
    exp: Date.now() + PREVIEW_TOKEN_TTL_MS,
  });
  return { ...preview, planThreshold, onStart, previewToken };
}

/** What a start answers: the run, or (above the organization's plan threshold) the plan saved instead. */
export type StartedBulkAction = { readonly run: BulkActionRun } | { readonly plan: Plan };

/**
 * Why: a run starts only from a fresh preview of the same devices, with the count typed when
 * destructive; above the organization's plan threshold the action is saved as a plan awaiting a
 * second member's approval instead (decision 048), and nothing is sent to Google.
 */
export async function startBulkAction(
  ctx: BulkCtx,
  request: StartBulkActionRequest,
): Promise<StartedBulkAction> {
  requireActionPermission(ctx.tenant, request.action.kind);
  validateBulkAction(request.action);
  const resolved = await resolveAsPreviewed(ctx, request);
  const count = resolved.changeIds.length;
  const threshold = await bulkPlanThreshold(ctx.deps.db, ctx.tenant.orgId);
  if (bulkStartOutcome(count, threshold) !== 'run')
    return { plan: await startAsPlan(ctx, request, resolved) };
  const stepUpReason = bulkStepUpReason(request.action, count);
  if (stepUpReason) await ctx.stepUp(stepUpReason);
  requireTypedCount(request, count);
  return { run: await createAuditedRun(ctx, request, resolved) };
}

/** Why: the preview's token must match the caller, the action, and the devices the target selects now. */
async function resolveAsPreviewed(ctx: BulkCtx, request: StartBulkActionRequest): Promise<ResolvedTarget> {
  const claims = verifyPreviewToken(ctx.tokenKey, request.previewToken);
  if (
    !claims ||
    claims.orgId !== ctx.tenant.orgId ||
    claims.userId !== ctx.tenant.userId ||
    claims.action !== hashAction(request.action)
  ) {
    throw deviceErrors.previewExpired();
  }
  const resolved = await resolveTarget(ctx.deps, ctx.tenant, request.target, request.action);
  if (hashClassified(resolved) !== claims.devices) {
    throw deviceErrors.previewChanged(claims.count, resolved.changeIds.length);
  }
  if (resolved.deviceIds.length === 0)
    throw appErrors.invalidRequest('No device matches this selection, so there is nothing to do.');
  if (resolved.changeIds.length === 0)
    throw appErrors.invalidRequest(
      'None of these devices would change: each is already as asked or not eligible, so nothing is sent to Google.',
    );
  return resolved;
}

/** Why: destructive actions (and disabling) start only with the number of devices that change typed back. */
function requireTypedCount(request: StartBulkActionRequest, count: number): void {
  const { requiresTypedCount } = destructiveness(request.action);
  if (requiresTypedCount && request.confirmCount !== count) throw deviceErrors.confirmationRequired(count);
}

/** What the run and its audit entry keep of the target: the query, or how many devices were chosen. */
function targetOf(request: StartBulkActionRequest, resolved: ResolvedTarget) {
  return 'query' in request.target
    ? { query: request.target.query }
    : { deviceIds: resolved.deviceIds.length };
}

/**
 * Why: above the threshold every bulk action becomes a plan (no step-up yet: nothing changes until
 * a second member approves it and someone runs it, each with step-up); a deprovision or a command
 * runs, once approved, as one bulk run of the plan's devices, and cannot be undone.
 */
async function startAsPlan(
  ctx: BulkCtx,
  request: StartBulkActionRequest,
  resolved: ResolvedTarget,
): Promise<Plan> {
  const { action } = request;
  requireTypedCount(request, resolved.changeIds.length);
  const planCtx = { db: ctx.deps.db, tenant: ctx.tenant, meta: ctx.meta, stepUp: ctx.stepUp };
  return planBulkAction(planCtx, {
    action,
    target: targetOf(request, resolved),
    skipped: resolved.skipped,
    devices: {
      deviceIds: resolved.deviceIds,
      changeIds: resolved.changeIds,
      notSent: resolved.notSent.map(({ deviceId, outcome }) => ({
        deviceId,
        unchanged: outcome === ALREADY_AS_ASKED,
        note: notSentNote(action, outcome),
      })),
      targetOuPath: resolved.targetOuPath,
    },
  });
}

/** Why: the run and its audit entry are written together, then the runner is woken. */
async function createAuditedRun(
  ctx: BulkCtx,
  request: StartBulkActionRequest,
  resolved: ResolvedTarget,
): Promise<BulkActionRun> {
  const target = targetOf(request, resolved);
  const notSent = resolved.notSent.map(({ deviceId, outcome }) => ({
    deviceId,
    note: notSentNote(request.action, outcome),
  }));
  const runId = await ctx.deps.db.transaction().execute(async (tx) => {
    const id = await createRun(tx, {
      orgId: ctx.tenant.orgId,
      customerId: ctx.tenant.customerId,
      action: request.action,
      target,
      requestedBy: ctx.tenant.userId,
      deviceIds: resolved.deviceIds,
      notSent,
    });
    await recordAudit(tx, {
      action: `bulk.${request.action.kind}`,
      outcome: 'success',
      orgId: ctx.tenant.orgId,
      actorUserId: ctx.tenant.userId,
      targetType: 'bulk_action',
      targetId: id,
      ip: ctx.meta.ip,
      userAgent: ctx.meta.userAgent,
      requestId: ctx.meta.requestId,
      details: {
        action: request.action,
        target,
        deviceCount: resolved.deviceIds.length,
        changeCount: resolved.changeIds.length,
        notSent: notSent.length,
        deviceIds: resolved.deviceIds.slice(0, 100),
      },
    });
    return id;
  });
  await ctx.queue.enqueue(ctx.tenant.orgId, runId);
  return getRun(ctx.deps.db, ctx.tenant.orgId, runId);
}

/** Why: the token binds the devices targeted and which of them change, so a run changes only what was seen. */
function hashClassified(resolved: ResolvedTarget): string {
  const changing = new Set(resolved.changeIds);
  return hashDeviceSet(resolved.deviceIds.map((id) => (changing.has(id) ? id : `=${id}`)));
}

import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { isAPIError } from 'better-auth/api';
import type { Kysely } from 'kysely';
import {
  STEP_UP_CODE_MAX_ATTEMPTS,
  STEP_UP_CODE_TTL_MS,
  STEP_UP_WINDOW_MS,
  type StepUpMethod,
  type StepUpReason,
  type StepUpRequiredDetails,
} from '@fleetdeck/shared/step-up';
import type { DB } from '../../db/schema.ts';
import { AppError, appErrors } from '../../errors/app-error.ts';
import { identityErrors } from '../../errors/identity-errors.ts';
import type { AuditEvent } from '../audit/audit-log.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { IdentityAuth } from './identity-auth.ts';
import type { Principal } from './principal.ts';

/**
 * Step-up (the spec's re-authentication): before a destructive or access-changing action the
 * acting member proves a second factor again: their authenticator's code when they enrolled one,
 * otherwise a code mailed to them. The proof is recorded against the session (another session of
 * the same person has none), holds for ten minutes, and every proof and failure is audited.
 */

export interface StepUpDeps {
  readonly db: Kysely<DB>;
  readonly auth: IdentityAuth;
  readonly mailer: Mailer;
  /** Identity's audit log writer (a failed write is logged, the answer stands). */
  audit(event: AuditEvent): Promise<void>;
}

/** Why: which proof the caller can give, whether they gave one, and until when it holds. */
export async function stepUpStatus(
  deps: Pick<StepUpDeps, 'db'>,
  principal: Principal,
): Promise<{ methods: StepUpMethod[]; steppedUp: boolean; freshUntil: string | null }> {
  const steppedUp = isSteppedUp(principal);
  return {
    methods: await stepUpMethods(deps.db, principal.userId),
    steppedUp,
    freshUntil: steppedUp ? freshUntil(principal.steppedUpAt) : null,
  };
}

function freshUntil(at: Date | undefined): string | null {
  return at ? new Date(at.getTime() + STEP_UP_WINDOW_MS).toISOString() : null;
}

/** Why: the proof as the step-up route answers it; every proof and refused code is audited. */
export async function confirmIdentity(
  deps: StepUpDeps,
  request: FastifyRequest,
  principal: Principal,
  input: { method: StepUpMethod; code: string },
): Promise<{ methods: StepUpMethod[]; steppedUp: true; freshUntil: string | null }> {
  const audit = (outcome: 'success' | 'failure', details: Record<string, unknown>) =>
    deps.audit({
      action: 'auth.step_up',
      outcome,
      actorUserId: principal.userId,
      actorLabel: principal.email,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
      requestId: request.id,
      details: { method: input.method, ...details },
    });
  try {
    const { verifiedAt } = await proveStepUp(deps, request, principal, input);
    await audit('success', {});
    return { methods: [input.method], steppedUp: true, freshUntil: freshUntil(verifiedAt) };
  } catch (error) {
    if (error instanceof AppError && error.status < 500) await audit('failure', { error: error.id });
    throw error;
  }
}

const hashCode = (code: string) => createHash('sha256').update(code).digest();

/** Why: the methods a member can prove with; an enrolled authenticator is the only one then. */
export async function stepUpMethods(db: Kysely<DB>, userId: string): Promise<StepUpMethod[]> {
  const user = await db
    .selectFrom('user')
    .select('twoFactorEnabled')
    .where('id', '=', userId)
    .executeTakeFirst();
  return user?.twoFactorEnabled === true ? ['totp'] : ['email_code'];
}

/** Whether the caller proved a second factor within the window. */
export function isSteppedUp(principal: Pick<Principal, 'steppedUpAt'>, now = Date.now()): boolean {
  return principal.steppedUpAt !== undefined && now - principal.steppedUpAt.getTime() < STEP_UP_WINDOW_MS;
}

/**
 * Why: the one check every destructive route makes; its 403 tells the page which proof to ask
 * for, and the page sends the same request again once it is given.
 */
export async function requireStepUp(
  db: Kysely<DB>,
  principal: Pick<Principal, 'steppedUpAt' | 'userId' | 'via'>,
  reason: StepUpReason,
): Promise<void> {
  if (isSteppedUp(principal)) return;
  // A script cannot give a fresh second factor: these actions are for the person, in the console.
  if (principal.via === 'api_token') throw identityErrors.apiTokenStepUpRefused(reason);
  const details: StepUpRequiredDetails = { reason, methods: await stepUpMethods(db, principal.userId) };
  throw identityErrors.stepUpRequired(details);
}

async function recordProof(db: Kysely<DB>, principal: Principal, method: StepUpMethod): Promise<Date> {
  const now = new Date();
  await db
    .insertInto('session_step_up')
    .values({ session_id: principal.sessionId, user_id: principal.userId, method, verified_at: now })
    .onConflict((oc) =>
      oc.column('session_id').doUpdateSet({
        method,
        verified_at: now,
        code_hash: null,
        code_sent_at: null,
        code_attempts: 0,
      }),
    )
    .execute();
  return now;
}

/** Why: a mailed code for members without an authenticator; a new one replaces the last. */
export async function sendStepUpCode(
  deps: { db: Kysely<DB>; mailer: Mailer },
  principal: Principal,
): Promise<void> {
  const methods = await stepUpMethods(deps.db, principal.userId);
  if (!methods.includes('email_code'))
    throw appErrors.invalidRequest(
      'Your account has an authenticator app: enter its code instead of asking for an email.',
    );
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const values = { code_hash: hashCode(code).toString('hex'), code_sent_at: new Date(), code_attempts: 0 };
  await deps.db
    .insertInto('session_step_up')
    .values({ session_id: principal.sessionId, user_id: principal.userId, ...values })
    .onConflict((oc) => oc.column('session_id').doUpdateSet(values))
    .execute();
  await deps.mailer.send({
    to: principal.email,
    subject: 'Your Fleetdeck confirmation code',
    text: `Your confirmation code is ${code}. It expires in 10 minutes. Someone signed in as you asked to confirm a sensitive action in Fleetdeck; if it was not you, change your password and tell your Fleetdeck owner.`,
  });
}

async function verifyEmailCode(db: Kysely<DB>, principal: Principal, code: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('session_step_up')
      .select(['code_hash', 'code_sent_at', 'code_attempts'])
      .where('session_id', '=', principal.sessionId)
      .forUpdate()
      .executeTakeFirst();
    if (!row?.code_hash || !row.code_sent_at)
      throw appErrors.invalidRequest('No confirmation code was sent to you yet. Ask for a code first.');
    if (Date.now() - new Date(row.code_sent_at).getTime() > STEP_UP_CODE_TTL_MS)
      throw appErrors.invalidRequest('This confirmation code expired. Ask for a new code.');
    if (row.code_attempts >= STEP_UP_CODE_MAX_ATTEMPTS)
      throw appErrors.invalidRequest('Too many wrong codes. Ask for a new code.');
    const matches = timingSafeEqual(Buffer.from(row.code_hash, 'hex'), hashCode(code));
    await trx
      .updateTable('session_step_up')
      .set(
        matches
          ? { code_hash: null, code_sent_at: null, code_attempts: 0 }
          : { code_attempts: row.code_attempts + 1 },
      )
      .where('session_id', '=', principal.sessionId)
      .execute();
    return matches;
  });
}

async function verifyTotp(auth: IdentityAuth, request: FastifyRequest, code: string): Promise<boolean> {
  try {
    // better-auth checks the code against the signed-in user's secret (current session: the step-up case).
    await auth.api.verifyTOTP({ headers: fromNodeHeaders(request.headers), body: { code } });
    return true;
  } catch (error) {
    if (isAPIError(error) && error.statusCode === 429) throw identityErrors.codesTooFast();
    if (isAPIError(error) && error.statusCode < 500) return false;
    throw error;
  }
}

/** Why: the proof itself; a wrong code is audited and answered in words, a right one is recorded. */
export async function proveStepUp(
  deps: { db: Kysely<DB>; auth: IdentityAuth },
  request: FastifyRequest,
  principal: Principal,
  input: { method: StepUpMethod; code: string },
): Promise<{ verifiedAt: Date }> {
  const methods = await stepUpMethods(deps.db, principal.userId);
  if (!methods.includes(input.method))
    throw appErrors.invalidRequest(
      methods.includes('totp')
        ? 'Your account has an authenticator app: enter its 6-digit code.'
        : 'Your account has no authenticator app: ask for a code by email and enter it.',
    );
  const valid =
    input.method === 'totp'
      ? await verifyTotp(deps.auth, request, input.code)
      : await verifyEmailCode(deps.db, principal, input.code);
  if (!valid) throw identityErrors.stepUpInvalidCode();
  return { verifiedAt: await recordProof(deps.db, principal, input.method) };
}

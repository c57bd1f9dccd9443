import type { AuditAction } from '@fleetdeck/shared/audit-actions';
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { IDENTITY_MESSAGES } from '@fleetdeck/shared/identity-messages';
import type { AuditEvent } from '../audit/audit-log.ts';
import { CLIENT_IP_HEADER_NAME } from './client-ip.ts';
import { rewordedIdentityError } from './identity-error-wording.ts';
import { allowedBeforeSecondFactor, isSignInPath, signInMethod } from './identity-paths.ts';
import { isPastAbsoluteLifetime } from './session-policy.ts';

export { allowedBeforeSecondFactor } from './identity-paths.ts';

/** What the hooks report to the rest of Fleetdeck; writes happen after better-auth's transactions. */
export interface IdentityEvents {
  audit(event: AuditEvent): Promise<void>;
}

type Body = Record<string, unknown> | undefined;

const present = (body: Body, key: string) => {
  const value = body?.[key];
  return typeof value === 'string' && value.trim() !== '';
};

const badRequest = (message: string) => new APIError('BAD_REQUEST', { code: 'VALIDATION_ERROR', message });

/** The specification's validation messages, word for word, before better-auth's own checks. */
function checkSpecMessages(path: string, body: Body): void {
  if (path === '/sign-in/email' || path === '/sign-up/email') {
    if (!present(body, 'email') || !present(body, 'password'))
      throw badRequest(IDENTITY_MESSAGES.passwordCredentialsMissing);
  }
  if (path === '/email-otp/send-verification-otp') {
    // Sending and resending a code are one endpoint; it needs the code's type as well.
    if (!present(body, 'type')) throw badRequest(IDENTITY_MESSAGES.resendTypeMissing);
    if (!present(body, 'email')) throw badRequest(IDENTITY_MESSAGES.otpRecipientMissing);
  }
  const needsRecipient = [
    '/sign-in/email-otp',
    '/email-otp/check-verification-otp',
    '/email-otp/verify-email',
    '/email-otp/request-password-reset',
    '/email-otp/reset-password',
    '/forget-password/email-otp',
    '/request-password-reset',
  ];
  if (needsRecipient.includes(path) && !present(body, 'email'))
    throw badRequest(IDENTITY_MESSAGES.otpRecipientMissing);
}

/** The `error` of a redirect to the sign-in error page, or undefined for any other redirect. */
function googleRefusal(headers: unknown): string | undefined {
  const location =
    headers instanceof Headers
      ? headers.get('location')
      : typeof headers === 'object' && headers !== null
        ? ((headers as Record<string, unknown>)['location'] ??
          (headers as Record<string, unknown>)['Location'])
        : undefined;
  if (typeof location !== 'string') return undefined;
  try {
    const error = new URL(location, 'http://fleetdeck.invalid').searchParams.get('error');
    return error === null ? undefined : error.slice(0, 100);
  } catch {
    return undefined;
  }
}

const AUDITED_ACTIONS: Record<string, AuditAction> = {
  '/sign-out': 'auth.sign_out',
  '/revoke-session': 'auth.session_revoked',
  '/revoke-sessions': 'auth.sign_out_everywhere',
  '/revoke-other-sessions': 'auth.sign_out_others',
  '/two-factor/enable': 'mfa.enrollment_started',
  '/two-factor/disable': 'mfa.disabled',
  '/two-factor/generate-backup-codes': 'mfa.backup_codes_regenerated',
  '/link-social': 'identity.link_started',
  '/unlink-account': 'identity.unlinked',
  '/change-password': 'auth.password_changed',
  '/reset-password': 'auth.password_reset',
  '/email-otp/reset-password': 'auth.password_reset',
  '/request-password-reset': 'auth.password_reset_requested',
  '/sign-up/email': 'auth.sign_up',
};

interface SessionLike {
  session: { id: string; token: string; createdAt: Date; aal?: unknown };
  user: { id: string; email: string; twoFactorEnabled?: unknown };
}

/** What better-auth hands a hook: the route called, its request, and (after) its answer. */
type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** What the after hook needs of a finished call, read once from better-auth's context. */
interface IdentityCall {
  readonly path: string;
  readonly returned: unknown;
  /** better-auth's refusal, or null when the call went through. */
  readonly error: APIError | null;
  readonly created: SessionLike | null;
  readonly request: { readonly ip: string | undefined; readonly userAgent: string | undefined };
  readonly email: string | undefined;
  /** The signed-in user as the request found them (before this call changed anything). */
  readonly sessionUser: SessionLike['user'] | undefined;
  readonly verifiesCode: boolean;
  readonly codeAction: AuditAction;
}

function readCall(ctx: HookContext): IdentityCall {
  const returned: unknown = ctx.context.returned;
  const body = ctx.body as Body;
  const sessionUser = ctx.context.session?.user as SessionLike['user'] | undefined;
  const verifiesCode = ctx.path.startsWith('/two-factor/verify-');
  // A code checked while the user has no second factor yet finishes enrolment; otherwise it is the challenge.
  const enrols = verifiesCode && sessionUser !== undefined && sessionUser.twoFactorEnabled !== true;
  return {
    path: ctx.path,
    returned,
    error: isAPIError(returned) ? returned : null,
    created: ctx.context.newSession,
    request: {
      ip: ctx.headers?.get(CLIENT_IP_HEADER_NAME) ?? undefined,
      userAgent: ctx.headers?.get('user-agent')?.slice(0, 512) ?? undefined,
    },
    email: typeof body?.['email'] === 'string' ? body['email'].slice(0, 320) : undefined,
    sessionUser,
    verifiesCode,
    codeAction: enrols ? 'mfa.enabled' : 'mfa.challenge_verified',
  };
}

/** A passed second factor raises the session (the new one, or the one the answer names) to `aal2`. */
async function raiseToSecondFactor(ctx: HookContext, call: IdentityCall): Promise<void> {
  const token =
    call.created?.session.token ??
    (typeof (call.returned as { token?: unknown } | null)?.token === 'string'
      ? (call.returned as { token: string }).token
      : undefined);
  if (token) await ctx.context.internalAdapter.updateSession(token, { aal: 'aal2' });
}

/** One session per sign-in: the session the browser's cookie held before this one is revoked. */
async function endPreviousSession(ctx: HookContext, created: SessionLike): Promise<void> {
  const previous = await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret);
  if (previous && previous !== created.session.token)
    await ctx.context.internalAdapter.deleteSession(previous);
}

/** The audit of a sign-in route: succeeded, refused by its checks, or refused by Google; else null. */
function signInEvent(call: IdentityCall): AuditEvent | null {
  const { path, error, created, sessionUser, verifiesCode, email, request } = call;
  if (!isSignInPath(path)) return null;
  if (created) {
    return {
      action: verifiesCode ? call.codeAction : 'auth.sign_in',
      outcome: 'success',
      actorUserId: created.user.id,
      actorLabel: created.user.email,
      details: { method: signInMethod(path) },
      ...request,
    };
  }
  if (error && error.statusCode !== 302) {
    // A wrong code from a signed-in member (Google sign-in waiting for its second factor) is
    // the organization's business; a wrong password or code for a member's address is filed
    // in that member's organization (the address typed names it, nobody acted as them); any
    // other failure is kept in the log of no organization.
    return {
      action: verifiesCode ? 'mfa.challenge_failed' : 'auth.sign_in',
      outcome: 'failure',
      ...(verifiesCode && sessionUser
        ? { actorUserId: sessionUser.id }
        : email
          ? { subjectEmail: email, actorLabel: email }
          : { orgId: null }),
      details: { method: signInMethod(path), status: error.statusCode },
      ...request,
    };
  }
  const refusedBy = error ? googleRefusal(error.headers) : undefined;
  if (refusedBy === undefined) return null;
  // Google's callback answers a refusal (denied consent, a stale state, an account that
  // may not sign in) with a redirect to the error page; nobody is known yet.
  return {
    action: 'auth.sign_in',
    outcome: 'failure',
    orgId: null,
    details: { method: signInMethod(path), error: refusedBy },
    ...request,
  };
}

/** What a finished call writes to the audit log, or null when it is not audited. */
function auditEventOf(call: IdentityCall): AuditEvent | null {
  const signIn = signInEvent(call);
  if (signIn) return signIn;
  const { error, created, sessionUser, email, request } = call;
  if (!error && call.verifiesCode) {
    return {
      action: call.codeAction,
      outcome: 'success',
      actorUserId: sessionUser?.id,
      actorLabel: sessionUser?.email,
      ...request,
    };
  }
  const action = AUDITED_ACTIONS[call.path];
  if (action === undefined) return null;
  // A reset that went through is audited by `onPasswordReset`, which knows whose it was.
  if (action === 'auth.password_reset' && !error) return null;
  const actor = created?.user ?? sessionUser;
  return {
    action,
    outcome: error ? 'failure' : 'success',
    actorUserId: actor?.id ?? null,
    actorLabel: actor?.email ?? email ?? null,
    ...(actor ? {} : { orgId: null }),
    ...request,
  };
}

/** Gates a call before better-auth runs it: the spec's messages, the absolute lifetime, the second factor. */
async function beforeIdentityCall(ctx: HookContext): Promise<void> {
  checkSpecMessages(ctx.path, ctx.body as Body);
  const gated = !allowedBeforeSecondFactor(ctx.path);
  if (!gated && ctx.path !== '/get-session') return;
  const current = (await getSessionFromCtx(ctx)) as SessionLike | null;
  if (!current) return;
  if (isPastAbsoluteLifetime(current.session.createdAt)) {
    await ctx.context.internalAdapter.deleteSession(current.session.token);
    throw new APIError('UNAUTHORIZED', {
      code: 'SESSION_EXPIRED',
      message: IDENTITY_MESSAGES.sessionMissing,
    });
  }
  if (gated && current.user.twoFactorEnabled === true && current.session.aal !== 'aal2') {
    throw new APIError('FORBIDDEN', {
      code: 'MFA_REQUIRED',
      message: 'Enter the code from your authenticator app to continue.',
    });
  }
}

/** The audit first (it reads better-auth's answer), then the answer in words that say what to do. */
async function afterIdentityCall(events: IdentityEvents, ctx: HookContext): Promise<void> {
  const call = readCall(ctx);
  if (!call.error && call.verifiesCode) await raiseToSecondFactor(ctx, call);
  if (call.created && isSignInPath(call.path)) await endPreviousSession(ctx, call.created);
  const event = auditEventOf(call);
  if (event) await events.audit(event);
  const reworded = rewordedIdentityError(ctx.context.returned);
  if (reworded) throw reworded;
}

/**
 * better-auth hooks: the specification's messages; one session per sign-in (the cookie's old
 * session is revoked); the `aal` of a session raised by a passed second factor; the second-factor
 * gate on identity changes; the absolute session lifetime; and the audit log of all of it.
 */
export function createIdentityHooks(events: IdentityEvents) {
  return {
    before: createAuthMiddleware(beforeIdentityCall),
    after: createAuthMiddleware((ctx) => afterIdentityCall(events, ctx)),
  };
}

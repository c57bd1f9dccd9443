import type { AuditAction } from '@fleetdeck/shared/audit-actions';
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { IDENTITY_MESSAGES } from '@fleetdeck/shared/identity-messages';
import type { AuditEvent } from '../audit/audit-log.ts';
import { CLIENT_IP_HEADER_NAME } from './client-ip.ts';
import { rewordedIdentityError } from './identity-error-wording.ts';
import { isPastAbsoluteLifetime } from './session-policy.ts';

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

/**
 * The better-auth routes a session still owing its second factor may call: signing in (again),
 * the challenge itself, reading its own session, signing out, and the flows that act on a mailed
 * token or code rather than on the session (reset, verification). Every other route needs `aal2`
 * once the user has a factor: changing the password, email or profile, ending sessions, linking
 * or unlinking Google, the second factor's own settings, JWTs, and any route better-auth adds later
 * until it is judged here (second-factor-gate.test.ts lists them all).
 */
const PENDING_SECOND_FACTOR_ROUTES = new Set([
  '/get-session',
  '/sign-out',
  '/ok',
  '/error',
  '/jwks',
  '/two-factor/send-otp',
  '/verify-email',
  '/send-verification-email',
  '/request-password-reset',
  '/reset-password',
  '/email-otp/send-verification-otp',
  '/email-otp/check-verification-otp',
  '/email-otp/verify-email',
  '/email-otp/request-password-reset',
  '/email-otp/reset-password',
  '/forget-password/email-otp',
]);
const PENDING_SECOND_FACTOR_PREFIXES = [
  '/sign-in/',
  '/sign-up/',
  '/callback/',
  '/oauth2/callback/',
  '/two-factor/verify-',
  // The emailed reset link (`/reset-password/:token`) only redirects to the reset page.
  '/reset-password/',
];

/** Whether a session owing its second factor may call `path` (a better-auth route, as the hooks see it). */
export function allowedBeforeSecondFactor(path: string): boolean {
  return (
    PENDING_SECOND_FACTOR_ROUTES.has(path) ||
    PENDING_SECOND_FACTOR_PREFIXES.some((prefix) => path.startsWith(prefix))
  );
}

const SIGN_IN_PREFIXES = ['/sign-in/', '/sign-up/', '/callback/', '/oauth2/callback/', '/two-factor/verify-'];
const isSignInPath = (path: string) =>
  SIGN_IN_PREFIXES.some((prefix) => path.startsWith(prefix)) ||
  path === '/verify-email' ||
  path === '/email-otp/verify-email';

function signInMethod(path: string): string {
  if (path.startsWith('/callback/') || path.startsWith('/oauth2/callback/')) return 'google';
  if (path === '/sign-in/email-otp') return 'email_otp';
  if (path.startsWith('/two-factor/')) return 'second_factor';
  if (path.includes('verify-email')) return 'email_link';
  return 'password';
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

/**
 * better-auth hooks: the specification's messages; one session per sign-in (the cookie's old
 * session is revoked); the `aal` of a session raised by a passed second factor; the second-factor
 * gate on identity changes; the absolute session lifetime; and the audit log of all of it.
 */
export function createIdentityHooks(events: IdentityEvents) {
  return {
    before: createAuthMiddleware(async (ctx) => {
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
    }),
    after: createAuthMiddleware(async (ctx) => {
      // The audit first (it reads better-auth's answer), then the answer in words that say what to do.
      await (async () => {
        const returned: unknown = ctx.context.returned;
        const failed = isAPIError(returned);
        const created = ctx.context.newSession as SessionLike | null;
        const request = {
          ip: ctx.headers?.get(CLIENT_IP_HEADER_NAME) ?? undefined,
          userAgent: ctx.headers?.get('user-agent')?.slice(0, 512) ?? undefined,
        };
        const body = ctx.body as Body;
        const email = typeof body?.['email'] === 'string' ? body['email'].slice(0, 320) : undefined;
        // The signed-in user as the request found them (before this call changed anything).
        const sessionUser = ctx.context.session?.user as SessionLike['user'] | undefined;
        const verifiesCode = ctx.path.startsWith('/two-factor/verify-');
        // A code checked while the user has no second factor yet finishes enrolment; otherwise it is the challenge.
        const enrols = verifiesCode && sessionUser !== undefined && sessionUser.twoFactorEnabled !== true;
        const codeAction = enrols ? 'mfa.enabled' : 'mfa.challenge_verified';

        if (!failed && ctx.path.startsWith('/two-factor/verify-')) {
          const token =
            created?.session.token ??
            (typeof (returned as { token?: unknown } | null)?.token === 'string'
              ? (returned as { token: string }).token
              : undefined);
          if (token) await ctx.context.internalAdapter.updateSession(token, { aal: 'aal2' });
        }

        if (created && isSignInPath(ctx.path)) {
          const previous = await ctx.getSignedCookie(
            ctx.context.authCookies.sessionToken.name,
            ctx.context.secret,
          );
          if (previous && previous !== created.session.token)
            await ctx.context.internalAdapter.deleteSession(previous);
          await events.audit({
            action: verifiesCode ? codeAction : 'auth.sign_in',
            outcome: 'success',
            actorUserId: created.user.id,
            actorLabel: created.user.email,
            details: { method: signInMethod(ctx.path) },
            ...request,
          });
          return;
        }
        if (failed && isSignInPath(ctx.path) && returned.statusCode !== 302) {
          // A wrong code from a signed-in member (Google sign-in waiting for its second factor) is
          // the organization's business; a wrong password or code for a member's address is filed
          // in that member's organization (the address typed names it, nobody acted as them); any
          // other failure is kept in the log of no organization.
          await events.audit({
            action: verifiesCode ? 'mfa.challenge_failed' : 'auth.sign_in',
            outcome: 'failure',
            ...(verifiesCode && sessionUser
              ? { actorUserId: sessionUser.id }
              : email
                ? { subjectEmail: email, actorLabel: email }
                : { orgId: null }),
            details: { method: signInMethod(ctx.path), status: returned.statusCode },
            ...request,
          });
          return;
        }
        const refusedBy = failed && isSignInPath(ctx.path) ? googleRefusal(returned.headers) : undefined;
        if (refusedBy !== undefined) {
          // Google's callback answers a refusal (denied consent, a stale state, an account that
          // may not sign in) with a redirect to the error page; nobody is known yet.
          await events.audit({
            action: 'auth.sign_in',
            outcome: 'failure',
            orgId: null,
            details: { method: signInMethod(ctx.path), error: refusedBy },
            ...request,
          });
          return;
        }
        if (!failed && verifiesCode) {
          await events.audit({
            action: codeAction,
            outcome: 'success',
            actorUserId: sessionUser?.id,
            actorLabel: sessionUser?.email,
            ...request,
          });
          return;
        }
        const action = AUDITED_ACTIONS[ctx.path];
        if (action === undefined) return;
        // A reset that went through is audited by `onPasswordReset`, which knows whose it was.
        if (action === 'auth.password_reset' && !failed) return;
        const actor = created?.user ?? sessionUser;
        await events.audit({
          action,
          outcome: failed ? 'failure' : 'success',
          actorUserId: actor?.id ?? null,
          actorLabel: actor?.email ?? email ?? null,
          ...(actor ? {} : { orgId: null }),
          ...request,
        });
      })();
      const reworded = rewordedIdentityError(ctx.context.returned);
      if (reworded) throw reworded;
    }),
  };
}

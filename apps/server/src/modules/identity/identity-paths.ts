/**
 * Which better-auth routes are which, as the identity hooks see them: those open to a session
 * still owing its second factor, and those that sign someone in (and by which method).
 */

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
export const isSignInPath = (path: string) =>
  SIGN_IN_PREFIXES.some((prefix) => path.startsWith(prefix)) ||
  path === '/verify-email' ||
  path === '/email-otp/verify-email';

export function signInMethod(path: string): string {
  if (path.startsWith('/callback/') || path.startsWith('/oauth2/callback/')) return 'google';
  if (path === '/sign-in/email-otp') return 'email_otp';
  if (path.startsWith('/two-factor/')) return 'second_factor';
  if (path.includes('verify-email')) return 'email_link';
  return 'password';
}

/** Why: a Google round trip that failed comes back as `?error=`; say what happened and what to do. */
export function describeGoogleError(code: string | null, description: string | null): string | undefined {
  if (!code) return undefined;
  if (description) return description;
  if (code === 'access_denied')
    return 'Google sign-in was cancelled. Choose your account again and allow the requested access.';
  return `Google sign-in did not finish (${code}). Try again, or use an email code.`;
}

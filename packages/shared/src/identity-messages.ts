/**
 * Identity messages quoted word for word from the product specification, shared by the server
 * (which sends them) and the web app (which may match on them).
 */
export const IDENTITY_MESSAGES = {
  passwordCredentialsMissing: 'You must provide either an email or phone number and a password',
  otpRecipientMissing: 'You must provide either an email or phone number.',
  resendTypeMissing: 'You must provide either an email or phone number and a type',
  sessionMissing: 'Auth session missing!',
  invalidJwtSignature: 'Invalid JWT signature',
  tokenVerificationFailed: 'An error occurred on token verification.',
} as const;

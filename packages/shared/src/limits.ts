/**
 * Limits shared by server and client so forms and handlers reject the same input.
 * Plain constants, no zod: the browser imports this on its first-load path.
 */
export const LIMITS = {
  /** Largest JSON body any endpoint accepts. */
  bodyBytes: 1024 * 1024,
  clientErrorMessage: 2000,
  clientErrorStack: 8000,
} as const;

/** A password's length: the identity service refuses others, the forms say so first. */
export const PASSWORD_LENGTH = { min: 12, max: 128 } as const;

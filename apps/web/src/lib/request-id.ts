/**
 * Why: every attempt of one call carries the same id, in the server's own format (a random UUID;
 * any other id the server replaces), so the reference a member reads on an error is the one the
 * server logged, even when no answer came back. `crypto.randomUUID` exists only in secure contexts:
 * on plain http (an intranet address) no id is sent, and the server's own id is the reference.
 */
export function newRequestId(): string | undefined {
  // Typed as always there, but missing outside secure contexts.
  return typeof (crypto as Partial<Crypto>).randomUUID === 'function' ? crypto.randomUUID() : undefined;
}

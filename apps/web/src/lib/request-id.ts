/**
 * Why: every attempt of one call carries the same id, in the server's own format (a random UUID;
 * any other id the server replaces), so the reference a member reads on an error is the one the
 * server logged, even when no answer came back. `crypto.randomUUID` exists only in secure
 * contexts (not plain http on an intranet address); `getRandomValues` exists everywhere.
 */
export function newRequestId(): string {
  // Typed as always there, but missing outside secure contexts.
  if (typeof (crypto as Partial<Crypto>).randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

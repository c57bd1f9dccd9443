/** A problem with the embedded PostgreSQL that the person starting Fleetdeck can fix; the message says how. */
export class EmbeddedDatabaseError extends Error {
  override readonly name = 'EmbeddedDatabaseError';
}

import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Mailer } from './mailer.ts';

export interface OutboxMessage {
  readonly id: string;
  readonly createdAt: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly link: string | null;
}

const OUTBOX_KEEP = 500;

/**
 * Why: without SMTP, sign-in codes, invitations and resets must still be deliverable on a laptop
 * and in tests; they land in a table readable at /api/dev/outbox, and never in the logs.
 */
export function createOutboxMailer(db: Kysely<DB>): Mailer {
  return {
    kind: 'outbox',
    async send(message) {
      await db
        .insertInto('mail_outbox')
        .values({
          recipient: message.to,
          subject: message.subject,
          text: message.text,
          link: message.link ?? null,
        })
        .execute();
      // Keep the table small: only the newest messages matter in development.
      await db
        .deleteFrom('mail_outbox')
        .where(
          'id',
          'not in',
          db.selectFrom('mail_outbox').select('id').orderBy('created_at', 'desc').limit(OUTBOX_KEEP),
        )
        .execute();
    },
  };
}

export interface OutboxDeps {
  readonly db: Kysely<DB>;
}

/** Why: the development outbox page lists what would have been mailed, newest first. */
export async function listOutbox(
  db: Kysely<DB>,
  recipient: string | undefined,
  limit: number,
): Promise<OutboxMessage[]> {
  let query = db
    .selectFrom('mail_outbox')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit);
  if (recipient) query = query.where('recipient', '=', recipient.toLowerCase());
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.created_at.toISOString(),
    to: row.recipient,
    subject: row.subject,
    text: row.text,
    link: row.link,
  }));
}

import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * A remote command must never reach a device twice, and Google offers no way to ask which commands
 * a device already has. So a bulk run writes down that a device's send began before it calls
 * Google (the row stays pending, its error says the send is under way), and the command's id once
 * Google answers. A process that dies in between (kill -9, its database gone) leaves the mark; the
 * process that resumes the run settles every marked row before it sends anything: the command was
 * stored, so it succeeded; or it was not, so whether Google has it is unknown and it is not sent
 * again.
 */

/** The error a pending row carries while its command is on its way to Google. */
export const SENDING_NOTE = 'Sent to Google; waiting for its answer.';

export const UNKNOWN_SEND_ERROR =
  'Fleetdeck stopped while this command was being sent, so Google may or may not have it. It is not sent again on its own, since a command must never run twice: check the device, then send it again if needed.';

interface RunRef {
  readonly org_id: string;
  readonly id: string;
}

/** Why: committed before the call to Google, so a crash after it cannot lead to a second send. */
export async function markSending(db: Kysely<DB>, run: RunRef, deviceId: string): Promise<void> {
  await db
    .updateTable('bulk_action_result')
    .set({ error: SENDING_NOTE, updated_at: sql<Date>`now()` })
    .where('org_id', '=', run.org_id)
    .where('run_id', '=', run.id)
    .where('device_id', '=', deviceId)
    .where('state', '=', 'pending')
    .execute();
}

/**
 * Why: run by the process that claims a run, before its first send. Resolves with how many sends
 * it found interrupted.
 */
export async function settleInterruptedSends(db: Kysely<DB>, run: RunRef): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const stored = await sql`
      update bulk_action_result b set state = 'succeeded', error = null, command_id = c.command_id,
        retryable = false, attempts = b.attempts + 1, updated_at = now()
      from fleet_device_command c
      where b.org_id = ${run.org_id} and b.run_id = ${run.id}::uuid and b.state = 'pending'
        and b.error = ${SENDING_NOTE}
        and c.org_id = b.org_id and c.bulk_run_id = b.run_id and c.device_id = b.device_id`.execute(tx);
    const unknown = await tx
      .updateTable('bulk_action_result')
      .set({
        state: 'failed',
        error: UNKNOWN_SEND_ERROR,
        retryable: false,
        attempts: sql<number>`attempts + 1`,
        updated_at: sql<Date>`now()`,
      })
      .where('org_id', '=', run.org_id)
      .where('run_id', '=', run.id)
      .where('state', '=', 'pending')
      .where('error', '=', SENDING_NOTE)
      .executeTakeFirst();
    return Number(stored.numAffectedRows ?? 0) + Number(unknown.numUpdatedRows);
  });
}

import { sql, type Kysely } from 'kysely';
import { PLAN_OUTCOME_LABELS, PLAN_RESULT_COLUMNS, type PlanOutcome } from '@fleetdeck/shared/plan-contract';
import type { DB } from '../../db/schema.ts';
import { csvCell } from '../fleet/device-export.ts';
import { bulkRunActionOf } from './plan-bulk-run.ts';
import type { PlanRow } from './plans.repository.ts';

/**
 * A plan's results as CSV, one line per CSV row or device, streamed a page at a time (a plan holds
 * up to 250,000 items): the row as the spreadsheet numbers it (or the item's number for a
 * rollover's devices), the device, what came of it (a change's run state once the plan ran,
 * otherwise the plan's outcome) and why.
 */

const PAGE = 2_000;

/**
 * The Outcome column of a change once the plan ran: `Not sent yet`, `Sent, waiting for Google`,
 * `Changed`, `Failed` or `Skipped`; a plan of device commands says `Sent` and a deprovision's
 * `Deprovisioned` instead of `Changed` (decision 048). Items that were not changes keep their
 * plan outcome's label (`Already as asked`, `Invalid`, …).
 */
const RUN_WORDS: Readonly<Record<string, string>> = {
  pending: 'Not sent yet',
  sending: 'Sent, waiting for Google',
  succeeded: 'Changed',
  failed: 'Failed',
  skipped: 'Skipped',
};

/** Why: a command was sent and a device deprovisioned, not "changed". */
function succeededWord(plan: Pick<PlanRow, 'kind' | 'source'>): string {
  const action = bulkRunActionOf(plan);
  if (action?.kind === 'command') return 'Sent';
  if (action?.kind === 'deprovision') return 'Deprovisioned';
  return 'Changed';
}

interface ResultRow {
  item_no: number;
  row_no: number | null;
  device_id: string | null;
  serial_number: string | null;
  key_input: string | null;
  outcome: PlanOutcome;
  reason: string | null;
  run_state: string;
  run_message: string | null;
}

/** Why: what one item came to, in the words the plan page uses. */
export function resultOf(
  row: ResultRow,
  ran: boolean,
  succeeded = 'Changed',
): { outcome: string; message: string | null } {
  if (row.outcome !== 'change') return { outcome: PLAN_OUTCOME_LABELS[row.outcome], message: row.reason };
  if (!ran) return { outcome: PLAN_OUTCOME_LABELS.change, message: null };
  const word = row.run_state === 'succeeded' ? succeeded : RUN_WORDS[row.run_state];
  return { outcome: word ?? row.run_state, message: row.run_message };
}

export async function* planResultsCsv(
  db: Kysely<DB>,
  plan: PlanRow,
  counter: { rows: number },
): AsyncGenerator<string> {
  yield `\uFEFF${PLAN_RESULT_COLUMNS.map((label) => csvCell(label)).join(',')}\r\n`;
  const ran = plan.started_at !== null;
  const succeeded = succeededWord(plan);
  let after = 0;
  for (;;) {
    const { rows } =
      await sql<ResultRow>`select item_no, row_no, device_id, serial_number, key_input, outcome,
        reason, run_state, run_message from plan_item
      where org_id = ${plan.org_id} and plan_id = ${plan.id}::uuid and item_no > ${after}
      order by item_no limit ${PAGE}`.execute(db);
    let chunk = '';
    for (const row of rows) {
      const result = resultOf(row, ran, succeeded);
      const cells = [
        row.row_no ?? row.item_no,
        row.device_id,
        row.serial_number ?? row.key_input,
        result.outcome,
        result.message,
      ];
      chunk += `${cells.map((cell) => csvCell(cell)).join(',')}\r\n`;
    }
    counter.rows += rows.length;
    if (chunk !== '') yield chunk;
    const last = rows.at(-1);
    if (!last || rows.length < PAGE) return;
    after = last.item_no;
  }
}

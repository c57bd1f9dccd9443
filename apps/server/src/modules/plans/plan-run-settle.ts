import { setTimeout as delay } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import type { GoogleClient } from '@fleetdeck/google/google-client';
import type { ChromeOsDevice } from '@fleetdeck/google/directory/chromeos-device.schema';
import type { DB } from '../../db/schema.ts';
import { partApplied, type Part } from './plan-run-checks.ts';
import { commitCall, type AppliedPart, type RunScope } from './plan-run-commit.ts';
import { readAtGoogle } from './plan-run-google.ts';
import { partLeft, sendingItems, type ItemResult, type RunItem } from './plan-run.repository.ts';

/**
 * Calls whose outcome is unknown: a process stopped (kill -9, its database gone) between writing
 * `sending` and committing Google's answer, or Google timed out. Before anything is sent again,
 * Google is asked for each device: a change it holds is a success (written to our copy, history
 * and audit as if the answer had come); one it does not hold is pending again and sent normally.
 * So no device is acted on twice, whatever the moment of the crash.
 */

export const UNKNOWN_AFTER_TRIES = (tries: number) =>
  `Google did not confirm this change after ${tries} tries, and does not hold it; it was not sent again. Check the device, then run an undo or a new plan if needed.`;

const READ_RETRY_MS = 2_000;

interface SettleRun {
  readonly plan: { readonly org_id: string; readonly id: string };
  readonly scope: RunScope;
  readonly google: GoogleClient;
}

async function fullDevices(
  google: GoogleClient,
  applied: readonly AppliedPart[],
): Promise<Map<string, ChromeOsDevice>> {
  const patched = applied.filter((a) => a.part === 'patch').map((a) => a.item.device_id);
  if (patched.length === 0) return new Map();
  const answers = await google.directory
    .batchGetChromeOsDevices(patched, { projection: 'FULL' })
    .catch(() => []);
  const devices = new Map<string, ChromeOsDevice>();
  answers.forEach((answer, i) => {
    const id = patched[i];
    if (answer.ok && id !== undefined) devices.set(id, answer.value);
  });
  return devices;
}

/** Why: every `sending` item of the plan is settled by Google's state before the run goes on. */
export async function settleSending(
  db: Kysely<DB>,
  run: SettleRun,
  maxAttempts: number,
  renew: (tx: Kysely<DB>) => Promise<unknown>,
): Promise<void> {
  const items = await sendingItems(db, run.plan.org_id, run.plan.id);
  if (items.length === 0) return;
  let states: Awaited<ReturnType<typeof readAtGoogle>>;
  try {
    states = await readAtGoogle(
      run.google,
      items.map((item) => item.device_id),
    );
  } catch {
    states = new Map();
  }
  const results: ItemResult[] = [];
  const applied: AppliedPart[] = [];
  const waiting: number[] = [];
  for (const item of items) {
    const settled = settleOne(item, states.get(item.device_id), maxAttempts);
    if (settled === 'wait') waiting.push(item.item_no);
    else {
      results.push(settled.result);
      if (settled.applied) applied.push(settled.applied);
    }
  }
  // A read that failed counts as a try, so a device Google never answers for ends failed.
  if (waiting.length > 0)
    await sql`update plan_item set attempts = attempts + 1 where org_id = ${run.plan.org_id}
      and plan_id = ${run.plan.id}::uuid and item_no = any(${`{${waiting.join(',')}}`}::int[])`.execute(db);
  const devices = await fullDevices(run.google, applied);
  const withDevices = applied.map((a) => ({ ...a, device: devices.get(a.item.device_id) }));
  await commitCall(db, run.scope, results, withDevices, renew);
  // Devices Google did not answer for are asked again after a pause.
  if (waiting.length > 0) await delay(READ_RETRY_MS);
}

function settleOne(
  item: RunItem,
  state: Awaited<ReturnType<typeof readAtGoogle>> extends Map<string, infer S> ? S | undefined : never,
  maxAttempts: number,
): 'wait' | { result: ItemResult; applied?: AppliedPart } {
  const part = partLeft(item) as Part;
  if (state === 'gone')
    return {
      result: { itemNo: item.item_no, state: 'failed', message: 'Google no longer lists this device.' },
    };
  if (state === undefined) {
    if (item.attempts < maxAttempts) return 'wait';
    return { result: { itemNo: item.item_no, state: 'failed', message: UNKNOWN_AFTER_TRIES(item.attempts) } };
  }
  if (partApplied(item.change, part, state)) {
    const more = part !== 'status' && item.change.status !== undefined;
    return {
      result: {
        itemNo: item.item_no,
        state: more ? 'pending' : 'succeeded',
        message: null,
        writeDone: more || undefined,
      },
      applied: { item, part },
    };
  }
  if (item.attempts >= maxAttempts)
    return { result: { itemNo: item.item_no, state: 'failed', message: UNKNOWN_AFTER_TRIES(item.attempts) } };
  return { result: { itemNo: item.item_no, state: 'pending', message: null } };
}

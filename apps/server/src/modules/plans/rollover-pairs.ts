import { PLAN_LIMITS, type RolloverPair } from '@fleetdeck/shared/plan-contract';
import { appErrors } from '../../errors/app-error.ts';
import { readCsvRecords } from './csv-stream.ts';
import type { UnitLookup } from './csv-update.ts';
import { trimPath } from './plan-units.ts';

/**
 * A school-year rollover's OU → OU pairs: read from JSON or a two-column CSV (a header row is
 * optional), checked against the organization's units, and ordered so that every unit is emptied
 * before devices arrive in it (with /Grade 5 → /Grade 6 and /Grade 6 → /Grade 7, the sixth
 * graders move first). Each device moves once either way: a plan lists devices by id, each with
 * the one unit it goes to.
 */

export interface OrderedPair {
  readonly from: string;
  readonly to: string;
  /** 1 goes first. */
  readonly order: number;
  /** Where the pair was written: "pair 3" or "row 4". */
  readonly label: string;
}

/** Why: a two-column CSV of pairs is read with the same reader as an update, bounds and all. */
export async function pairsFromCsv(text: string): Promise<(RolloverPair & { label: string })[]> {
  const pairs: (RolloverPair & { label: string })[] = [];
  const limits = {
    bytes: 400_000,
    rows: PLAN_LIMITS.rolloverPairs,
    columns: 20,
    cellChars: 1_000,
    rowChars: 4_000,
  };
  for await (const record of readCsvRecords([text], limits)) {
    const [from = '', to = ''] = record.cells.map((cell) => cell.trim());
    if (record.row === 1 && !from.startsWith('/')) continue; // a header row
    if (from === '' || to === '')
      throw appErrors.invalidRequest(
        `Row ${record.row}: write the unit devices leave in the first column and the unit they go to in the second.`,
      );
    pairs.push({ from, to, label: `row ${record.row}` });
  }
  if (pairs.length === 0)
    throw appErrors.invalidRequest(
      'The CSV has no pairs of units. Write one "from, to" pair of OU paths per row.',
    );
  return pairs;
}

/** Why: a pair naming a unit that does not exist, or one the author may not act in, stops the plan with a 400. */
export function checkPairs(
  pairs: readonly (RolloverPair & { label?: string })[],
  units: UnitLookup,
): { from: string; to: string; label: string }[] {
  const sources = new Map<string, string>();
  return pairs.map((pair, index) => {
    const label = pair.label ?? `pair ${index + 1}`;
    const resolve = (path: string, role: string) => {
      const found = path.startsWith('/') ? units.find(trimPath(path)) : undefined;
      if (found === undefined || !units.inAuthorUnits(found))
        throw appErrors.invalidRequest(
          `${capitalize(label)}: the ${role} unit ${path.slice(0, 200)} was not found in this organization (or lies outside your units). Write its full path from "/", or run a sync.`,
        );
      return found;
    };
    const from = resolve(pair.from, 'source');
    const to = resolve(pair.to, 'destination');
    if (from.toLowerCase() === to.toLowerCase())
      throw appErrors.invalidRequest(
        `${capitalize(label)}: ${from} → ${to} moves devices to the unit they are in.`,
      );
    const earlier = sources.get(from.toLowerCase());
    if (earlier)
      throw appErrors.invalidRequest(
        `${capitalize(label)}: devices of ${from} already go elsewhere (${earlier}). A unit's devices go to one unit.`,
      );
    sources.set(from.toLowerCase(), label);
    return { from, to, label };
  });
}

/**
 * Why: a unit is emptied before devices arrive in it. A pair whose destination is another pair's
 * source goes after it; pairs that move devices round a cycle (/A → /B, /B → /A) share the last
 * step, which is safe because every device is moved by its id, once.
 */
export function orderPairs(pairs: readonly { from: string; to: string; label: string }[]): OrderedPair[] {
  const bySource = new Map(pairs.map((pair, index) => [pair.from.toLowerCase(), index]));
  const order = new Array<number>(pairs.length).fill(0);
  const resolving = new Set<number>();
  const depth = (index: number): number => {
    if (order[index] !== 0) return order[index] as number;
    if (resolving.has(index)) return Number.POSITIVE_INFINITY;
    resolving.add(index);
    const pair = pairs[index] as { to: string };
    const emptier = bySource.get(pair.to.toLowerCase());
    const step = emptier === undefined ? 1 : depth(emptier) + 1;
    resolving.delete(index);
    if (Number.isFinite(step)) order[index] = step;
    return step;
  };
  for (let i = 0; i < pairs.length; i++) depth(i);
  const finite = order.filter((step) => step > 0);
  const last = (finite.length > 0 ? Math.max(...finite) : 0) + 1;
  return pairs.map((pair, index) => ({ ...pair, order: order[index] || last }));
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

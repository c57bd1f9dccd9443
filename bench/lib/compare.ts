import os from 'node:os';
import { printTable, round } from './report.ts';

/**
 * What every database benchmark shares: the `--databases embedded,postgres` and `--postgres-url`
 * flags, and the side-by-side table of one run (embedded against external, the load average of the
 * shared machine beside each figure, and the goal: embedded within 1.2× of external).
 */

export type DatabaseKind = 'embedded' | 'postgres';

/** Embedded figures within this multiple of the external server's of the same run. */
export const GOAL_RATIO = 1.2;

export const DATABASE_FLAGS = {
  databases: { type: 'string', default: 'embedded,postgres' },
  'postgres-url': {
    type: 'string',
    default:
      process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  },
} as const;

/** Why: a misspelt name must fail before minutes of seeding, not after. */
export function chosenDatabases(list: string): DatabaseKind[] {
  const names = list
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  for (const name of names) {
    if (name !== 'embedded' && name !== 'postgres')
      throw new Error(`Unknown database "${name}": use --databases embedded,postgres (either or both).`);
  }
  return names as DatabaseKind[];
}

export const DATABASE_LABEL: Record<DatabaseKind, string> = {
  embedded: 'embedded PostgreSQL',
  postgres: 'external PostgreSQL',
};

/** The 1-minute load average, as `uptime` prints it first. */
export function loadAverage(): number {
  return round(os.loadavg()[0] ?? Number.NaN, 2);
}

/** One database's figures of a run (lower is better for each) and the load while they were taken. */
export interface DatabaseRun {
  /** Each figure's median over the rounds. */
  readonly figures: Readonly<Record<string, number>>;
  /** Lowest and highest 1-minute load average seen around this database's parts. */
  readonly load: readonly [number, number];
  readonly rounds: number;
}

export const ROUNDS_FLAG = { rounds: { type: 'string', default: '1' } } as const;

/**
 * Why: other work on the shared 2-core machine makes one minute 2–3× slower than the next, so one
 * database measured after the other compares two machines. Each database's part runs `rounds`
 * times with the order reversed every round (A B, B A, A B…), so a busy spell falls on both; each
 * figure is its median over the rounds.
 */
export async function inRounds(
  kinds: readonly DatabaseKind[],
  rounds: number,
  part: (kind: DatabaseKind, round: number) => Promise<Readonly<Record<string, number>>>,
): Promise<Partial<Record<DatabaseKind, DatabaseRun>>> {
  const seen = new Map<DatabaseKind, { figures: Record<string, number>[]; load: number[] }>();
  for (let round = 0; round < Math.max(1, rounds); round += 1) {
    const order = round % 2 === 0 ? kinds : [...kinds].reverse();
    for (const kind of order) {
      const entry = seen.get(kind) ?? { figures: [], load: [] };
      seen.set(kind, entry);
      entry.load.push(loadAverage());
      entry.figures.push(await part(kind, round));
      entry.load.push(loadAverage());
    }
  }
  const runs: Partial<Record<DatabaseKind, DatabaseRun>> = {};
  for (const [kind, entry] of seen) {
    const names = Object.keys(entry.figures[0] ?? {});
    runs[kind] = {
      figures: Object.fromEntries(
        names.map((name) => [name, median(entry.figures.map((f) => f[name] ?? Number.NaN))]),
      ),
      load: [Math.min(...entry.load), Math.max(...entry.load)],
      rounds: entry.figures.length,
    };
  }
  return runs;
}

/** The middle value; the mean of the two middle ones for an even count. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : round(((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2, 2);
}

export interface Comparison {
  readonly figure: string;
  readonly embedded?: number;
  readonly postgres?: number;
  readonly ratio?: number;
  readonly withinGoal?: boolean;
}

/** Prints embedded beside external for every figure, with the ratio and the goal; returns the rows. */
export function printComparison(
  title: string,
  runs: Partial<Record<DatabaseKind, DatabaseRun>>,
): Comparison[] {
  const names = Object.keys((runs.embedded ?? runs.postgres)?.figures ?? {});
  const rounds = (runs.embedded ?? runs.postgres)?.rounds ?? 0;
  const load = (run?: DatabaseRun) => (run ? `${run.load[0]}–${run.load[1]}` : '–');
  const comparisons = names.map((figure): Comparison => {
    const embedded = runs.embedded?.figures[figure];
    const postgres = runs.postgres?.figures[figure];
    if (embedded === undefined || postgres === undefined || !(postgres > 0))
      return {
        figure,
        ...(embedded === undefined ? {} : { embedded }),
        ...(postgres === undefined ? {} : { postgres }),
      };
    const ratio = round(embedded / postgres, 2);
    return { figure, embedded, postgres, ratio, withinGoal: ratio <= GOAL_RATIO };
  });
  printTable(
    `${title} — embedded against external, one run (goal: embedded ≤ ${GOAL_RATIO}× external; medians of ${rounds} round(s), order reversed each round; load = lowest–highest 1-min load average)`,
    comparisons.map((c) => ({
      figure: c.figure,
      embedded: c.embedded ?? '–',
      'load (embedded)': load(runs.embedded),
      external: c.postgres ?? '–',
      'load (external)': load(runs.postgres),
      'embedded / external': c.ratio ?? '–',
      [`≤ ${GOAL_RATIO}×`]: c.withinGoal === undefined ? '–' : c.withinGoal ? 'yes' : 'NO',
    })),
  );
  return comparisons;
}

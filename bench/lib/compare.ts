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
  readonly figures: Readonly<Record<string, number>>;
  /** 1-minute load average at the start and at the end of this database's part. */
  readonly load: readonly [number, number];
}

/** Why: the load is read around each database's part, so a figure taken while others worked shows it. */
export async function measured(work: () => Promise<Readonly<Record<string, number>>>): Promise<DatabaseRun> {
  const before = loadAverage();
  const figures = await work();
  return { figures, load: [before, loadAverage()] };
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
  const load = (run?: DatabaseRun) => (run ? `${run.load[0]} → ${run.load[1]}` : '–');
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
    `${title} — embedded against external, one run (goal: embedded ≤ ${GOAL_RATIO}× external; load = 1-min load average before → after)`,
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

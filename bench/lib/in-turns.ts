/**
 * Timing a query two ways in turns: the API over HTTP from the load generator's process, and the
 * same SQL called directly in this process (bench:query).
 */
import { loadFromAnotherProcess } from './http-load.ts';
import { readCpu } from './process-cpu.ts';

/** Runs `task` `total` times over `concurrency` workers; returns sorted durations in ms. */
async function load(total: number, concurrency: number, task: () => Promise<void>): Promise<number[]> {
  const durations: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        const started = performance.now();
        await task();
        durations.push(performance.now() - started);
      }
    }),
  );
  return durations.sort((a, b) => a - b);
}

/** CPU (ms) a query's requests spent in each process; undefined where it could not be read. */
export interface Spent {
  apiOwn: number;
  apiDatabase: number | undefined;
  clients: number;
  sqlOwn: number | undefined;
  sqlDatabase: number | undefined;
}

/**
 * Why: the API and the SQL alone take turns in blocks, so a minute in which the machine runs
 * slower (it does: the CPU probe) weighs on both alike rather than on whichever ran then. Without
 * `direct` only the API is timed. Returns both sorted durations (ms) and the CPU each spent.
 */
export async function inTurns(
  run: { readonly url: string; readonly requests: number; readonly clients: number; readonly blocks: number },
  direct: (() => Promise<void>) | undefined,
  databaseProcess: string | undefined,
): Promise<{ api: number[]; db: number[]; spent: Spent }> {
  const api: number[] = [];
  const db: number[] = [];
  const spent: Spent = { apiOwn: 0, apiDatabase: 0, clients: 0, sqlOwn: 0, sqlDatabase: 0 };
  const add = (
    key: 'apiDatabase' | 'sqlOwn' | 'sqlDatabase',
    from: number | undefined,
    to: number | undefined,
  ) => {
    const sum = spent[key];
    spent[key] = sum === undefined || from === undefined || to === undefined ? undefined : sum + to - from;
  };
  const { url, requests, clients, blocks } = run;
  for (let block = 0; block < blocks; block += 1) {
    const share = Math.floor(requests / blocks) + (block < requests % blocks ? 1 : 0);
    const before = readCpu(databaseProcess);
    const loaded = await loadFromAnotherProcess(url, share, clients);
    api.push(...loaded.durations);
    spent.clients += loaded.cpuMsPerRequest * share;
    const between = readCpu(databaseProcess);
    if (direct) db.push(...(await load(share, clients, direct)));
    const after = readCpu(databaseProcess);
    spent.apiOwn += between.own - before.own;
    add('apiDatabase', before.database, between.database);
    add('sqlOwn', between.own, after.own);
    add('sqlDatabase', between.database, after.database);
  }
  if (!direct) {
    spent.sqlOwn = undefined;
    spent.sqlDatabase = undefined;
  }
  api.sort((a, b) => a - b);
  db.sort((a, b) => a - b);
  return { api, db: direct ? db : api, spent };
}

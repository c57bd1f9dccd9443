import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time (ms) used so far by every process of this machine named `name` (e.g. PostgreSQL's
 * backends), read from /proc; undefined where /proc cannot tell (another OS, a database on another
 * machine). Figures are in clock ticks of 10 ms: divide a difference over many requests.
 */
export function processCpuMs(name: string): number | undefined {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return undefined;
  }
  let total = 0;
  let found = false;
  for (const pid of pids) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== name) continue;
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      total += (Number(fields[11]) + Number(fields[12])) * 10;
      found = true;
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return found ? total : undefined;
}

/** CPU used so far by this process (every thread) and by a database server's processes. */
export interface CpuReading {
  readonly own: number;
  readonly database: number | undefined;
}

/**
 * Why: the benchmark splits a phase's CPU between this process and the database's. `databaseProcess`
 * names the database server's processes; absent when they are not to be counted.
 */
export function readCpu(databaseProcess?: string): CpuReading {
  const { user, system } = process.cpuUsage();
  return {
    own: (user + system) / 1000,
    database: databaseProcess === undefined ? undefined : processCpuMs(databaseProcess),
  };
}

/** CPU per request (ms, 2 decimals) between two readings, or 'n/a' where a reading could not tell. */
export function cpuPerRequest(
  from: number | undefined,
  to: number | undefined,
  requests: number,
): number | 'n/a' {
  return from === undefined || to === undefined ? 'n/a' : Math.round(((to - from) / requests) * 100) / 100;
}

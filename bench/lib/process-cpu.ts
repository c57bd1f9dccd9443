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

/** This process's CPU time so far (ms), every thread (PGlite's included). */
export function ownCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

import os from 'node:os';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

/** Machine facts printed with every benchmark so figures can be compared across runs. */
export function machineInfo(): Record<string, string | number> {
  return {
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    date: new Date().toISOString(),
  };
}

/** Prints rows as an aligned text table. */
export function printTable(title: string, rows: readonly Record<string, string | number>[]): void {
  process.stdout.write(`\n${title}\n`);
  const first = rows[0];
  if (!first) {
    process.stdout.write('(no rows)\n');
    return;
  }
  const columns = Object.keys(first);
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ');
  process.stdout.write(`${line(columns)}\n${line(widths.map((w) => '-'.repeat(w)))}\n`);
  for (const row of rows) process.stdout.write(`${line(columns.map((c) => String(row[c] ?? '')))}\n`);
}

/** The benchmark contract: the last line printed is one JSON object with every figure. */
export function printFigures(name: string, figures: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify({ benchmark: name, machine: machineInfo(), ...figures })}\n`);
}

/** Parses `--name value` flags with defaults; unknown flags fail loudly; `--help` lists them. */
export function benchFlags<T extends Record<string, { type: 'string'; default: string }>>(options: T) {
  if (process.argv.includes('--help')) {
    const names = Object.entries(options).map(
      ([name, option]) => `  --${name} <value>  (default: ${option.default})`,
    );
    process.stdout.write(`Options:\n${names.join('\n')}\n`);
    process.exit(0);
  }
  // Every option is a string with a default, so every value is present.
  return parseArgs({ options, strict: true, allowPositionals: false }).values as unknown as {
    [K in keyof T]: string;
  };
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

export function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/**
 * Why: on a shared virtual machine the same code runs 30–50% slower in some minutes than in others
 * with nothing else visible on it; a fixed piece of CPU work timed next to a benchmark's figures
 * tells a slow machine from slow code. Gzips one deterministic 60 KB JSON text 100 times per
 * round; the median of seven rounds after five to warm up (ms; lower is faster; ~21 on a quiet
 * AMD EPYC core here).
 */
export function cpuProbeMs(): number {
  const text = JSON.stringify(
    Array.from({ length: 2000 }, (_, i) => ({ a: i, b: 'x'.repeat(i % 50), c: `u${i}@x.edu` })),
  );
  const probeRound = () => {
    const started = performance.now();
    for (let i = 0; i < 100; i += 1) gzipSync(text, { level: 3 });
    return performance.now() - started;
  };
  for (let i = 0; i < 5; i += 1) probeRound();
  const rounds = Array.from({ length: 7 }, probeRound).sort((a, b) => a - b);
  return round(rounds[3] ?? Number.NaN);
}

import os from 'node:os';
import { parseArgs } from 'node:util';

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

/** Parses `--name value` flags with defaults; unknown flags fail loudly. */
export function benchFlags<T extends Record<string, { type: 'string'; default: string }>>(options: T) {
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

/**
 * bench:shell — how fast Fleetdeck starts and how much JavaScript each route loads first.
 *   npm run bench:shell -- --runs 3 --databases embedded,postgres
 * Cold start: a fresh data folder (the embedded PostgreSQL's initdb + migrations) or a fresh
 * database on an external PostgreSQL server,
 * to the first 200 from /healthz. Warm start: the same folder or database again.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ensureWebBuild } from '../scripts/lib/web-build.ts';
import { firstLoadPerRoute } from './lib/bundle.ts';
import { benchFlags, printFigures, printTable, round } from './lib/report.ts';
import {
  chosenDatabases,
  DATABASE_FLAGS,
  loadAverage,
  median,
  printComparison,
  type DatabaseKind,
  type DatabaseRun,
} from './lib/compare.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'apps/web/dist');
const flags = benchFlags({
  runs: { type: 'string', default: '3' },
  ...DATABASE_FLAGS,
});
const runs = Number(flags.runs);
const backends = chosenDatabases(flags.databases);

ensureWebBuild();
const startRows: Record<string, string | number>[] = [];
const startFigures: Partial<Record<DatabaseKind, { coldMs: number[]; warmMs: number[]; load: number[] }>> =
  {};
// The databases take turns, the order reversed every run, so a busy minute on the shared machine falls on both.
for (let run = 0; run < runs; run += 1) {
  for (const backend of run % 2 === 0 ? backends : [...backends].reverse()) {
    const target = await freshTarget(backend);
    if (!target) continue;
    const figures = (startFigures[backend] ??= { coldMs: [], warmMs: [], load: [loadAverage()] });
    figures.coldMs.push(await timeToHealthy(target.env));
    figures.warmMs.push(await timeToHealthy(target.env));
    figures.load.push(loadAverage());
    await target.cleanup();
  }
}
const comparedRuns: Partial<Record<DatabaseKind, DatabaseRun>> = {};
for (const backend of backends) {
  const figures = startFigures[backend];
  if (!figures) {
    startRows.push({ backend, cold_ms_median: 'unavailable', warm_ms_median: 'unavailable', runs: 0 });
    continue;
  }
  startRows.push({
    backend,
    cold_ms_median: median(figures.coldMs),
    warm_ms_median: median(figures.warmMs),
    runs: figures.coldMs.length,
  });
  comparedRuns[backend] = {
    figures: {
      'cold start to /healthz ms (initdb included)': median(figures.coldMs),
      'warm start to /healthz ms': median(figures.warmMs),
    },
    load: [Math.min(...figures.load), Math.max(...figures.load)],
    rounds: figures.coldMs.length,
  };
}
printTable('Start to first /healthz (ms, median)', startRows);
const comparison = printComparison('Start to first /healthz (ms, median)', comparedRuns);

const routes = firstLoadPerRoute(DIST);
printTable(
  'First-load JavaScript per route (gzip KB: entry chunks + the route chunk and its imports)',
  routes.map((r) => ({
    route: r.route,
    js_gzip_kb: r.gzipKb,
    js_raw_kb: r.rawKb,
    css_gzip_kb: r.cssGzipKb,
    files: r.files,
  })),
);
printFigures('shell', {
  start: Object.fromEntries(
    Object.entries(startFigures).map(([backend, f]) => [
      backend,
      { coldMsMedian: median(f.coldMs), warmMsMedian: median(f.warmMs), coldMs: f.coldMs, warmMs: f.warmMs },
    ]),
  ),
  comparison,
  firstLoadJsGzipKb: Object.fromEntries(routes.map((r) => [r.route, r.gzipKb])),
});

// --- start-up ----------------------------------------------------------------------------

async function freshTarget(
  backend: DatabaseKind,
): Promise<{ env: Record<string, string>; cleanup: () => Promise<void> } | null> {
  if (backend === 'embedded') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'fleetdeck-bench-shell-'));
    return { env: { DATA_DIR: dir }, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const admin = new pg.Client({ connectionString: flags['postgres-url'], connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch {
    process.stdout.write(`PostgreSQL at ${flags['postgres-url']} is not reachable: skipping it.\n`);
    return null;
  }
  const name = `fleetdeck_bench_${Date.now()}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(flags['postgres-url']);
  url.pathname = `/${name}`;
  return {
    // Production mode on PostgreSQL requires AUTH_SECRET (decision 032).
    env: { DATABASE_URL: url.toString(), AUTH_SECRET: randomBytes(48).toString('base64url') },
    cleanup: async () => {
      const client = new pg.Client({ connectionString: flags['postgres-url'] });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

async function timeToHealthy(env: Record<string, string>): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DATABASE_URL: env.DATABASE_URL ?? '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/healthz`);
        if (res.ok) return round(performance.now() - started, 0);
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 60_000) throw new Error('the server did not become healthy in 60 s');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

/** Why: a port picked at random can be another program's (epmd's 4369 was); the kernel's is free. */
function freePort(): Promise<number> {
  const server = net.createServer();
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

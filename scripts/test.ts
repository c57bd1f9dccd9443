/**
 * `npm test`: every test layer this machine can run, in order, with one summary.
 *   1. unit and integration tests of every workspace, the server suite on an embedded PostgreSQL 18
 *      that the suite starts itself (apps/server/test/embedded-test-server.ts)
 *   2. the server suite again on a PostgreSQL server (TEST_DATABASE_URL, or the local one), so two
 *      major versions are tested when that server runs the oldest supported one (15)
 *   3. end-to-end journeys in Chromium against the built app
 * A layer this machine cannot run is skipped with a notice, unless it is required:
 * REQUIRE_POSTGRES=1 and REQUIRE_CHROMIUM=1 (CI=true implies the latter) turn a skip into a failure.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { ensureWebBuild } from './lib/web-build.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const RESULTS = path.join(ROOT, 'test-results');
const REQUIRE_POSTGRES = process.env.REQUIRE_POSTGRES === '1';
const REQUIRE_CHROMIUM = process.env.REQUIRE_CHROMIUM === '1' || process.env.CI === 'true';
const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface LayerResult {
  name: string;
  passed: number;
  failed: number;
  skipped: number;
  note?: string;
}

type LayerRun = () => Omit<LayerResult, 'name'> | Promise<Omit<LayerResult, 'name'>>;

const LAYERS: { name: string; run: LayerRun }[] = [
  {
    name: 'unit + integration (embedded PostgreSQL)',
    run: () => vitest('vitest-embedded.json', [], { DATABASE_URL: '' }),
  },
  {
    name: 'integration (PostgreSQL)',
    run: async () => {
      const problem = await postgresProblem(POSTGRES_URL);
      if (problem)
        return unavailable(
          `PostgreSQL at ${redact(POSTGRES_URL)} is not reachable (${problem})`,
          REQUIRE_POSTGRES,
        );
      return vitest('vitest-postgres.json', ['--project', 'server'], { DATABASE_URL: POSTGRES_URL });
    },
  },
  {
    name: 'end-to-end (Chromium)',
    run: () => {
      if (!existsSync(CHROMIUM)) {
        return unavailable(
          `Chromium not found at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`,
          REQUIRE_CHROMIUM,
        );
      }
      ensureWebBuild();
      return playwright();
    },
  },
];

mkdirSync(RESULTS, { recursive: true });
// `npm test -- postgres` runs only the layers whose name contains one of the words given.
const only = process.argv.slice(2).map((word) => word.toLowerCase());
const results: LayerResult[] = [];
for (const layer of LAYERS) {
  if (only.length > 0 && !only.some((word) => layer.name.toLowerCase().includes(word))) continue;
  process.stdout.write(`\n=== ${layer.name} ===\n`);
  try {
    results.push({ name: layer.name, ...(await layer.run()) });
  } catch (error) {
    const note = error instanceof Error ? error.message : String(error);
    results.push({ name: layer.name, passed: 0, failed: 1, skipped: 0, note });
  }
}
printSummary(results);

function unavailable(reason: string, required: boolean): Omit<LayerResult, 'name'> {
  if (required) return { passed: 0, failed: 1, skipped: 0, note: `cannot run: ${reason}` };
  process.stdout.write(`Skipped: ${reason}.\n`);
  return { passed: 0, failed: 0, skipped: 0, note: `skipped: ${reason}` };
}

function vitest(outputName: string, args: string[], env: Record<string, string>): Omit<LayerResult, 'name'> {
  const outputFile = path.join(RESULTS, outputName);
  rmSync(outputFile, { force: true });
  const status = run(
    'vitest',
    ['run', '--reporter=default', '--reporter=json', `--outputFile=${outputFile}`, ...args],
    env,
  );
  if (!existsSync(outputFile))
    return { passed: 0, failed: 1, skipped: 0, note: `vitest exited ${status} without results` };
  const report = JSON.parse(readFileSync(outputFile, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    numFailedTestSuites: number;
  };
  const suiteFailures = report.numFailedTestSuites > 0 && report.numFailedTests === 0 ? 1 : 0;
  return {
    passed: report.numPassedTests,
    failed:
      report.numFailedTests +
      suiteFailures +
      (status !== 0 && report.numFailedTests === 0 && !suiteFailures ? 1 : 0),
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

function playwright(): Omit<LayerResult, 'name'> {
  const outputFile = path.join(RESULTS, 'playwright.json');
  rmSync(outputFile, { force: true });
  const status = run('playwright', ['test', '-c', 'apps/web/playwright.config.ts', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: outputFile,
    CHROMIUM_PATH: CHROMIUM,
  });
  if (!existsSync(outputFile))
    return { passed: 0, failed: 1, skipped: 0, note: `playwright exited ${status} without results` };
  const report = JSON.parse(readFileSync(outputFile, 'utf8')) as {
    stats: { expected: number; unexpected: number; skipped: number; flaky: number };
    errors?: unknown[];
  };
  const globalErrors = report.errors?.length ?? 0;
  return {
    passed: report.stats.expected + report.stats.flaky,
    failed:
      report.stats.unexpected +
      globalErrors +
      (status !== 0 && report.stats.unexpected === 0 && globalErrors === 0 ? 1 : 0),
    skipped: report.stats.skipped,
  };
}

function run(bin: string, args: string[], env: Record<string, string>): number {
  const result = spawnSync(path.join(ROOT, 'node_modules/.bin', bin), args, {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status ?? 1;
}

async function postgresProblem(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]+@/, '//$1:***@');
}

function printSummary(results: readonly LayerResult[]): void {
  const total = results.reduce(
    (sum, r) => ({
      passed: sum.passed + r.passed,
      failed: sum.failed + r.failed,
      skipped: sum.skipped + r.skipped,
    }),
    { passed: 0, failed: 0, skipped: 0 },
  );
  process.stdout.write('\n=== summary ===\n');
  for (const r of results) {
    process.stdout.write(
      `${r.failed > 0 ? 'FAIL' : 'ok  '}  ${r.name.padEnd(32)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed ${String(r.skipped).padStart(3)} skipped${r.note ? `  (${r.note})` : ''}\n`,
    );
  }
  process.stdout.write(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped\n`);
  process.exitCode = total.failed > 0 || results.length === 0 ? 1 : 0;
}

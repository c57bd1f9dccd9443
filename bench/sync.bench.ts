/**
 * bench:sync — how fast Fleetdeck copies a fleet from Google (the emulator, in its own process).
 *   npm run bench:sync -- --devices 100000 --databases embedded,postgres --latency-ms 300 --rounds 2
 * Per database and round (the order reversed every round, bench/lib/compare.ts), in a fresh process of its own (so peak RSS is that run's): a first full sync
 * with no emulated latency, then an incremental sync after 5% of the devices changed. With the
 * emulator answering every call after `--latency-ms`, a full sync (parallel OU shards) against
 * one sequential page chain over the same devices with the same client. `--crowd-devices N` first
 * moves N devices into one OU under the root (a fleet whose largest OU takes many pages).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createGoogleClient } from '../packages/google/src/google-client.ts';
import { baseUrlsForOrigin } from '../packages/google/src/google-hosts.ts';
import { benchFlags, printFigures, printTable, round } from './lib/report.ts';
import {
  chosenDatabases,
  DATABASE_FLAGS,
  inRounds,
  printComparison,
  ROUNDS_FLAG,
  type DatabaseKind,
  type DatabaseRun,
} from './lib/compare.ts';
import { startEmulatorProcess } from './lib/emulator-process.ts';
import type { WorkerFigures } from './lib/sync-bench-worker.ts';

const flags = benchFlags({
  devices: { type: 'string', default: '100000' },
  ...DATABASE_FLAGS,
  ...ROUNDS_FLAG,
  'latency-ms': { type: 'string', default: '300' },
  /** Which database runs the latency comparison (it is network-bound, so once is enough). */
  'latency-on': { type: 'string', default: 'postgres' },
  concurrency: { type: 'string', default: '10' },
  'changed-percent': { type: 'string', default: '5' },
  'crowd-devices': { type: 'string', default: '0' },
});

const WORKER = fileURLToPath(new URL('./lib/sync-bench-worker.ts', import.meta.url));
const FROZEN_NOW = Date.UTC(2026, 2, 2, 9, 0, 0);
/** The issue's goal for the Fleetdeck process during a 100,000-device sync. */
const RSS_GOAL_MB = 500;

const devices = Number(flags.devices);
const databases = chosenDatabases(flags.databases);
process.stdout.write(`Starting the Google emulator with ${devices} devices in its own process...\n`);
const emulator = await startEmulatorProcess(devices, FROZEN_NOW);
const results: WorkerFigures[] = [];
let runs: Partial<Record<DatabaseKind, DatabaseRun>>;
try {
  runs = await inRounds(databases, Number(flags.rounds), async (database, turn) => {
    process.stdout.write(`Running the ${database} scenarios (round ${turn + 1})...\n`);
    await emulator.post('reset');
    await crowdOneOrgUnit(Number(flags['crowd-devices']));
    {
      const figures = await runWorker({
        database,
        origin: emulator.origin,
        token: emulator.token,
        customerId: emulator.customerId,
        devices: String(devices),
        concurrency: flags.concurrency,
        changedPercent: flags['changed-percent'],
        // Network-bound, so measured once.
        latencyMs: database === flags['latency-on'] && turn === 0 ? flags['latency-ms'] : '0',
        postgresUrl: flags['postgres-url'],
      });
      results.push(figures);
      return {
        'full sync s': round(figures.full.wallMs / 1000, 2),
        'devices phase s': round(figures.full.devicesPhaseMs / 1000, 2),
        'telemetry phase s': round(figures.full.telemetryPhaseMs / 1000, 2),
        [`incremental s (${flags['changed-percent']} % changed)`]: round(
          figures.incremental.wallMs / 1000,
          2,
        ),
        'peak RSS MB of the Fleetdeck process (sync)': figures.full.peakRssMb,
        'max RSS MB of the Fleetdeck process (with initdb)': figures.full.processMaxRssMb,
      };
    }
  });
} finally {
  await emulator.stop();
}

printTable(
  `Sync of ${devices} devices (emulator in another process, concurrency ${flags.concurrency})`,
  results.map((r) => ({
    database: r.database,
    'full s': round(r.full.wallMs / 1000, 2),
    'devices/s': Math.round(r.full.devicesPerSecond),
    'devices phase s': round(r.full.devicesPhaseMs / 1000, 2),
    'telemetry phase s': round(r.full.telemetryPhaseMs / 1000, 2),
    'peak RSS MB (sync)': r.full.peakRssMb,
    'max RSS MB (with initdb)': r.full.processMaxRssMb,
    'incremental s': round(r.incremental.wallMs / 1000, 2),
    'incremental written': r.incremental.written,
  })),
);
const latency = results.flatMap((r) => (r.latency ? [{ database: r.database, ...r.latency }] : []));
if (latency.length) {
  printTable(
    `With ${flags['latency-ms']} ms emulated latency per call`,
    latency.map((l) => ({
      database: l.database,
      'sequential chain s': round(l.sequentialMs / 1000, 1),
      pages: l.sequentialPages,
      'parallel devices phase s': round(l.parallelDevicesPhaseMs / 1000, 1),
      'parallel full sync s': round(l.parallelFullMs / 1000, 1),
      'speed-up (devices)': round(l.sequentialMs / l.parallelDevicesPhaseMs, 2),
    })),
  );
}
const comparison = printComparison(`Sync of ${devices} devices`, runs);
const overBudget = results.filter((r) => r.full.processMaxRssMb > RSS_GOAL_MB).map((r) => r.database);
process.stdout.write(
  `Peak RSS of the Fleetdeck process ≤ ${RSS_GOAL_MB} MB: ${overBudget.length ? `NOT met (${overBudget.join(', ')})` : 'met'}\n`,
);
printFigures('sync', { devices, concurrency: Number(flags.concurrency), results, runs, comparison });

/** Moves `count` devices into the root's child OU that has no children and the last id. */
async function crowdOneOrgUnit(count: number): Promise<void> {
  if (count <= 0) return;
  const google = createGoogleClient({
    getAccessToken: async () => emulator.token,
    customerId: emulator.customerId,
    baseUrls: baseUrlsForOrigin(emulator.origin),
  });
  const units = await google.directory.listOrgUnits({ type: 'allIncludingParent', orgUnitPath: '/' });
  const root = units.find((ou) => ou.orgUnitPath === '/');
  const leaves = units.filter(
    (ou) => ou.parentOrgUnitId === root?.orgUnitId && !units.some((c) => c.parentOrgUnitId === ou.orgUnitId),
  );
  const target = leaves.sort((a, b) => (a.orgUnitId < b.orgUnitId ? 1 : -1))[0];
  if (!target) throw new Error('no OU under the root to crowd');
  const ids: string[] = [];
  for await (const page of google.directory.iterateChromeOsDevicePages({
    maxResults: 300,
    fields: 'nextPageToken,chromeosdevices(deviceId)',
  })) {
    ids.push(...page.items.slice(0, count - ids.length).map((device) => device.deviceId));
    if (ids.length >= count) break;
  }
  await google.directory.moveDevicesToOu(ids, target.orgUnitPath);
  process.stdout.write(`Moved ${ids.length} devices into ${target.orgUnitPath}.\n`);
}

function runWorker(args: Record<string, string>): Promise<WorkerFigures> {
  const argv = Object.entries(args).flatMap(([name, value]) => [`--${name}`, value]);
  return new Promise((resolve, reject) => {
    // Launched as `npm start` launches the server: its peak RSS is the Fleetdeck process's (the
    // embedded PostgreSQL's processes are its own).
    const child = spawn(process.execPath, [WORKER, ...argv], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: process.env,
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.once('exit', (code) => {
      const last = output.trim().split('\n').at(-1) ?? '';
      if (code !== 0) reject(new Error(`the ${args.database} worker exited with ${code}: ${output}`));
      else resolve(JSON.parse(last) as WorkerFigures);
    });
  });
}

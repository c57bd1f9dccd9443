/**
 * One database's sync scenarios for bench:sync, in a process of its own. Prints one JSON line.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { parseArgs } from 'node:util';
import { createGoogleClient, type GoogleClient } from '../../packages/google/src/google-client.ts';
import { baseUrlsForOrigin } from '../../packages/google/src/google-hosts.ts';
import type { Database } from '../../apps/server/src/db/client.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';
import { openFreshDatabase } from './bench-database.ts';
import { executeSyncRun } from '../../apps/server/src/modules/sync/sync-engine.ts';
import { createRun, getRun } from '../../apps/server/src/modules/sync/sync-run.repository.ts';

export interface WorkerFigures {
  database: string;
  full: {
    wallMs: number;
    devicesPerSecond: number;
    devicesPhaseMs: number;
    telemetryPhaseMs: number;
    /** Sampled during the sync. */
    peakRssMb: number;
    /** The process's lifetime maximum (the embedded PostgreSQL's processes are their own). */
    processMaxRssMb: number;
    devices: number;
  };
  incremental: { wallMs: number; changedDevices: number; written: number; historyRows: number };
  latency?: {
    sequentialMs: number;
    sequentialPages: number;
    parallelDevicesPhaseMs: number;
    parallelFullMs: number;
  };
}

const { values: args } = parseArgs({
  options: Object.fromEntries(
    [
      'database',
      'origin',
      'token',
      'customerId',
      'devices',
      'concurrency',
      'changedPercent',
      'latencyMs',
      'postgresUrl',
    ].map((name) => [name, { type: 'string' as const }]),
  ),
});
const arg = (name: string): string => {
  const value = args[name];
  if (typeof value !== 'string') throw new Error(`--${name} is required`);
  return value;
};

const google = createGoogleClient({
  getAccessToken: async () => arg('token'),
  customerId: arg('customerId'),
  baseUrls: baseUrlsForOrigin(arg('origin')),
});

async function control(pathname: string, body: unknown): Promise<void> {
  const response = await fetch(`${arg('origin')}/__emulator/${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`emulator ${pathname}: ${response.status}`);
}

interface TimedSync {
  wallMs: number;
  /** Highest resident set size sampled while the sync ran (10 samples a second). */
  peakRssMb: number;
  phases: Map<string, number>;
  progress: Record<string, number>;
}

async function timedSync(
  database: Database,
  orgId: string,
  kind: 'full' | 'incremental',
): Promise<TimedSync> {
  const { row } = await createRun(database.db, {
    orgId,
    customerId: arg('customerId'),
    kind,
    trigger: 'manual',
    requestedBy: null,
  });
  const phases = new Map<string, number>();
  let peakRss = process.memoryUsage.rss();
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, 100);
  const profiler = process.env.SYNC_BENCH_PROFILE === kind ? await startProfile() : undefined;
  const started = performance.now();
  const outcome = await executeSyncRun(
    {
      db: database.db,
      createGoogleClient: () => google,
      workerId: 'bench',
      concurrency: Number(arg('concurrency')),
      flushIntervalMs: 250,
      publish: (_org, run) => {
        if (!phases.has(run.phase)) phases.set(run.phase, performance.now() - started);
      },
    },
    row.id,
    { signal: new AbortController().signal, finalAttempt: true },
  );
  const wallMs = performance.now() - started;
  clearInterval(sampler);
  if (profiler) await profiler.stop(`${arg('database')}-${kind}`);
  if (outcome !== 'succeeded') throw new Error(`the ${kind} sync ended ${outcome}`);
  const stored = await getRun(database.db, orgId, row.id);
  return {
    wallMs,
    peakRssMb: Math.round(peakRss / 2 ** 20),
    phases,
    progress: (stored?.progress ?? {}) as Record<string, number>,
  };
}

/**
 * `SYNC_BENCH_PROFILE=full|incremental` writes a CPU profile of that sync (this process only) to
 * `SYNC_BENCH_PROFILE_DIR` (default: the working directory), for Chrome DevTools.
 */
async function startProfile(): Promise<{ stop: (name: string) => Promise<void> }> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    stop: async (name) => {
      const { profile } = await session.post('Profiler.stop');
      const dir = process.env.SYNC_BENCH_PROFILE_DIR ?? '.';
      writeFileSync(`${dir}/sync-${name}-${Date.now()}.cpuprofile`, JSON.stringify(profile));
      session.disconnect();
    },
  };
}

const PHASE_ORDER = ['org_units', 'devices', 'telemetry', 'reports', 'sweep', 'rollups', 'done'];

/**
 * From the first publication of `phase` to that of `next` or, when a phase was too short to be
 * published, of the first later phase that was.
 */
function phaseMs(sync: TimedSync, phase: string, next: string): number {
  const later = PHASE_ORDER.slice(PHASE_ORDER.indexOf(next)).flatMap((p) => sync.phases.get(p) ?? []);
  const end = later.length ? Math.min(...later) : sync.wallMs;
  return Math.max(0, end - (sync.phases.get(phase) ?? end));
}

/** Changes the location of `percent`% of the devices at Google, 16 calls at a time. */
async function changeDevices(client: GoogleClient, percent: number): Promise<number> {
  const every = Math.max(1, Math.round(100 / percent));
  const chosen: string[] = [];
  let index = 0;
  for await (const page of client.directory.iterateChromeOsDevicePages({
    maxResults: 300,
    fields: 'nextPageToken,chromeosdevices(deviceId)',
  })) {
    for (const device of page.items) if (index++ % every === 0) chosen.push(device.deviceId);
  }
  let next = 0;
  const lane = async () => {
    while (next < chosen.length) {
      const id = chosen[next++] as string;
      await client.directory.patchChromeOsDevice(id, { annotatedLocation: `Bench room ${next}` });
    }
  };
  await Promise.all(Array.from({ length: 16 }, lane));
  return chosen.length;
}

async function sequentialChain(client: GoogleClient): Promise<{ ms: number; pages: number }> {
  const started = performance.now();
  let pages = 0;
  for await (const page of client.directory.iterateChromeOsDevicePages({
    maxResults: 300,
    projection: 'FULL',
  })) {
    if (page.items.length > 0 || page.nextPageToken === undefined) pages += 1;
  }
  return { ms: performance.now() - started, pages };
}

const { database, cleanup } = await openFreshDatabase(
  arg('database') === 'embedded' ? 'embedded' : 'postgres',
  arg('postgresUrl'),
  'fleetdeck_bench',
);
try {
  await migrateToLatest(database.db);
  const full = await timedSync(database, 'bench', 'full');
  const processMaxRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
  const changed = await changeDevices(google, Number(arg('changedPercent')));
  const incremental = await timedSync(database, 'bench', 'incremental');
  if (process.env.SYNC_BENCH_PHASES)
    process.stderr.write(
      `${JSON.stringify({ full: [...full.phases], incremental: [...incremental.phases] })}\n`,
    );
  const figures: WorkerFigures = {
    database: arg('database'),
    full: {
      wallMs: full.wallMs,
      devicesPerSecond: (full.progress.devicesSeen ?? 0) / (full.wallMs / 1000),
      devicesPhaseMs: phaseMs(full, 'devices', 'telemetry'),
      telemetryPhaseMs: phaseMs(full, 'telemetry', 'reports'),
      peakRssMb: full.peakRssMb,
      processMaxRssMb,
      devices: full.progress.devicesSeen ?? 0,
    },
    incremental: {
      wallMs: incremental.wallMs,
      changedDevices: changed,
      written: incremental.progress.devicesWritten ?? 0,
      historyRows: incremental.progress.historyRows ?? 0,
    },
  };
  const latencyMs = Number(arg('latencyMs'));
  if (latencyMs > 0) {
    await control('latency', { ms: latencyMs, api: 'all' });
    const sequential = await sequentialChain(google);
    const parallel = await timedSync(database, 'bench-latency', 'full');
    await control('latency', { ms: 0, api: 'all' });
    figures.latency = {
      sequentialMs: sequential.ms,
      sequentialPages: sequential.pages,
      parallelDevicesPhaseMs: phaseMs(parallel, 'devices', 'telemetry'),
      parallelFullMs: parallel.wallMs,
    };
  }
  process.stdout.write(`${JSON.stringify(figures)}\n`);
} finally {
  await cleanup();
}

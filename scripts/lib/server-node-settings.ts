/**
 * The Node and V8 settings the server process runs with (decision 017). They bound the server's
 * memory while the embedded database (PGlite, on its own thread) copies a large fleet: V8's young
 * generation otherwise grows to 128 MB on the server's thread, its old generation carries garbage
 * up to four times what is alive, and glibc keeps in its arenas what the threads once allocated.
 * A running process cannot take them (V8 sizes its heap when the process starts, glibc reads its
 * variables at the same moment), so `npm start` starts the process again with them, and
 * bench:sync launches its sync process with the same lists.
 */

/**
 * V8 flags, given on the command line before the script (a running process ignores them). The
 * young generation of each thread: two 8 MB semi-spaces instead of V8's 64 MB. The old generation
 * is collected once it has grown 30 % past what survived the last collection: with V8's own factor
 * (up to 4×) the server's thread carried 150–200 MB of garbage through a first sync.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=8', '--heap-growing-percent=30'];

/**
 * Environment variables read by the C library when the process starts. A fixed mmap threshold:
 * blocks of 128 KB and more (messages between the threads, response bodies) are mapped on their
 * own and given back when freed, instead of glibc raising the threshold after the first such free
 * and keeping them, fragmented, in its per-thread arenas.
 */
export const SERVER_NODE_ENV: Readonly<Record<string, string>> = { MALLOC_MMAP_THRESHOLD_: '131072' };

/** Set in the process started with the settings, so it does not start itself again. */
const APPLIED = 'FLEETDECK_NODE_SETTINGS';

/**
 * Whether the server's process needs the settings: only the embedded database shares it (on its
 * own thread). On PostgreSQL they bought nothing needed and cost throughput: a full sync of
 * 100,000 devices took 44.8 s with them against 37.7 s without (back to back, decision 017).
 */
export function needsServerNodeSettings(env: NodeJS.ProcessEnv): boolean {
  return !env.DATABASE_URL;
}

/**
 * Replaces this process (same pid, same standard streams) with one running the same script with
 * the server's settings, unless this is already that process or the server runs on PostgreSQL.
 * Call it before anything else: the process is replaced at once and nothing it did survives.
 */
export function runWithServerNodeSettings(): void {
  if (process.env[APPLIED] === '1' || !needsServerNodeSettings(process.env)) return;
  // POSIX only (Node 22.15+). Without it the server still runs, with V8's defaults.
  if (typeof process.execve !== 'function') return;
  process.execve(
    process.execPath,
    [process.execPath, ...SERVER_NODE_FLAGS, ...process.execArgv, ...process.argv.slice(1)],
    { ...process.env, ...SERVER_NODE_ENV, [APPLIED]: '1' },
  );
}

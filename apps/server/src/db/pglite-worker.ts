import v8 from 'node:v8';
import vm from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgliteReply, PgliteRequest, PgliteWorkerData, SerializedError } from './pglite-protocol.ts';

/**
 * The embedded PostgreSQL on a thread of its own (decision 014): the server's thread keeps
 * answering HTTP, parsing Google's pages and gzipping responses while the database works. This
 * thread only runs statements in the order they arrive; transactions and their exclusivity are
 * kept by the server's side (pglite-thread.ts), which sends one statement at a time.
 */

if (!parentPort) throw new Error('pglite-worker.ts runs only as a worker thread.');
const port = parentPort;
const { dataDir } = workerData as PgliteWorkerData;

const post = (reply: PgliteReply) => {
  port.postMessage(reply);
};

/**
 * PostgreSQL's memory lives in PGlite's WebAssembly memory, which grows and never shrinks: every
 * megabyte the database once used stays in the server's RSS (decision 017). PostgreSQL's defaults
 * (128 MB of shared buffers, 64 MB per index build) make a first copy of 100,000 devices grow it
 * from 128 to 272 MB. Pages the buffers miss come from the operating system's file cache.
 */
const PGLITE_MEMORY_SETTINGS: readonly string[] = ['shared_buffers=32MB', 'maintenance_work_mem=16MB'];

/**
 * Every page PGlite writes is a synchronous file write on this thread. PGlite runs without fsync,
 * so whole-page images (against pages torn by a power loss) and a standby's level of WAL buy
 * nothing; without them a first copy's index builds bypass the log (decision 019).
 */
const PGLITE_WAL_SETTINGS: readonly string[] = [
  'wal_level=minimal',
  'max_wal_senders=0',
  'full_page_writes=off',
];

let pglite: PGlite;
try {
  pglite = await PGlite.create(dataDir, {
    extensions: { pg_trgm },
    startParams: [
      ...PGlite.defaultStartParams,
      ...[...PGLITE_MEMORY_SETTINGS, ...PGLITE_WAL_SETTINGS].flatMap((setting) => ['-c', setting]),
    ],
  });
} catch (error) {
  post({ type: 'failed', error: serializeError(error) });
  throw error;
}
// A first start ran initdb in a WebAssembly memory of its own (189 MB), garbage once PGlite is
// up; this thread allocates little, so without a collection now it would stay resident well into
// the first sync (decision 017).
collectGarbage();
const unlisteners = new Map<number, () => Promise<void>>();

/**
 * Requests run one after another in the order they arrive: the server's thread may send a
 * transaction's statements without waiting for each answer (decision 022).
 */
let previous: Promise<unknown> = Promise.resolve();
port.on('message', (request: PgliteRequest) => {
  const current = previous.then(() => handle(request));
  previous = current.catch(() => undefined);
  void current.then(
    (result) => {
      post({ type: 'result', id: request.id, result });
    },
    (error: unknown) => {
      post({ type: 'error', id: request.id, error: serializeError(error) });
    },
  );
});
post({ type: 'ready' });

async function handle(request: PgliteRequest): Promise<unknown> {
  switch (request.op) {
    case 'query':
      return pglite.query(request.sql, request.params as unknown[] | undefined, { rowMode: request.rowMode });
    case 'exec':
      return pglite.exec(request.sql);
    case 'listen': {
      const { id, channel } = request;
      const unlisten = await pglite.listen(channel, (payload) => {
        post({ type: 'notification', listenId: id, payload });
      });
      unlisteners.set(id, unlisten);
      return null;
    }
    case 'unlisten': {
      const unlisten = unlisteners.get(request.listenId);
      unlisteners.delete(request.listenId);
      await unlisten?.();
      return null;
    }
    case 'close':
      if (!pglite.closed) await pglite.close();
      // Nothing else keeps this thread alive once the port closes: it exits by itself.
      setImmediate(() => {
        port.close();
      });
      return null;
  }
}

/** One full collection of this thread's heap, without running the whole process with `--expose-gc`. */
function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  try {
    (vm.runInNewContext('gc') as () => void)();
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
}

/**
 * Why: an Error crosses threads as its message only; PostgreSQL's fields (code, constraint,
 * detail, ...) are what callers branch on, so every plain field is carried across.
 */
function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error', fields: {} };
  const fields: Record<string, string | number | boolean | null> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
      fields[key] = value as string | number | boolean | null;
    }
  }
  return { message: error.message, name: error.name, fields };
}

import { Worker } from 'node:worker_threads';
import type { Results } from '@electric-sql/pglite';
import type { PgliteReply, PgliteRequest, PgliteWorkerData, SerializedError } from './pglite-protocol.ts';

/**
 * The embedded PGlite, run on a worker thread and used from the server's thread (decision 014).
 * It offers what Kysely's PGlite dialect and pg-boss's PGlite adapter call (`query`, `exec`,
 * `transaction`, `listen`) with PGlite's own rules: one statement at a time, and while a
 * transaction is open every other statement waits for it to end (its own statements excepted).
 */

/**
 * The database thread's young generation (two 8 MB semi-spaces and their large objects), as the
 * server's own thread gets from `--max-semi-space-size=8` (decision 017). V8's default lets it grow
 * to 192 MB, most of it garbage between collections: the thread only turns messages into
 * statements and rows into messages.
 */
const PGLITE_THREAD_YOUNG_GENERATION_MB = 24;

type Params = readonly unknown[] | undefined;
type Request = PgliteRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

export interface PgliteThreadTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

export interface QueryOptions {
  readonly rowMode?: 'array' | 'object';
}

/** An error PostgreSQL (or PGlite) raised on the database's thread, with its fields (code, detail...). */
export class PgliteError extends Error {
  readonly code: string | undefined;
  constructor(serialized: SerializedError) {
    super(serialized.message);
    Object.assign(this, serialized.fields);
    this.name = serialized.name;
    this.code = typeof serialized.fields.code === 'string' ? serialized.fields.code : undefined;
  }
}

export class PgliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (e: Error) => void }>();
  readonly #listeners = new Map<number, (payload: string) => void>();
  #nextId = 1;
  /** The tail of the queue of exclusive sections (statements and whole transactions), in order. */
  #tail: Promise<unknown> = Promise.resolve();
  #closing: Promise<void> | undefined;
  /** Transactions asked for and not yet ended: while there is one, every statement queues. */
  #transactions = 0;
  #failure: Error | undefined;
  readonly ready = true;
  readonly waitReady = Promise.resolve();

  private constructor(worker: Worker) {
    this.#worker = worker;
  }

  /** Starts the thread and opens the database in it (in memory when `dataDir` is undefined). */
  static async start(dataDir: string | undefined): Promise<PgliteThread> {
    const workerData: PgliteWorkerData = { dataDir };
    const worker = new Worker(new URL('./pglite-worker.ts', import.meta.url), {
      workerData,
      resourceLimits: { maxYoungGenerationSizeMb: PGLITE_THREAD_YOUNG_GENERATION_MB },
    });
    const thread = new PgliteThread(worker);
    await new Promise<void>((resolve, reject) => {
      const onExit = (code: number) => {
        reject(new Error(`The embedded database's thread stopped while starting (exit code ${code}).`));
      };
      worker.once('exit', onExit);
      worker.once('error', reject);
      worker.once('message', (reply: PgliteReply) => {
        worker.off('exit', onExit);
        worker.off('error', reject);
        if (reply.type === 'ready') resolve();
        else if (reply.type === 'failed') reject(new PgliteError(reply.error));
        else reject(new Error(`The embedded database's thread sent ${reply.type} before it was ready.`));
      });
    });
    thread.#listen();
    return thread;
  }

  get closed(): boolean {
    return this.#closing !== undefined || this.#failure !== undefined;
  }

  /**
   * Outside transactions a statement is sent at once: the database's thread runs what it receives
   * in order, so it starts the next statement as soon as it has answered the last, without waiting
   * for this thread to take the answer and send the next (decision 024). While a transaction is
   * asked for or open, statements wait for it to end.
   */
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    if (this.#transactions === 0) return this.#query<T>(sql, params, options);
    return this.#exclusive(() => this.#query<T>(sql, params, options));
  }

  exec(sql: string): Promise<Results[]> {
    return this.#exclusive(() => this.#call({ op: 'exec', sql }) as Promise<Results[]>);
  }

  /** BEGIN, the callback, COMMIT (ROLLBACK if it throws), with nothing else running in between. */
  transaction<T>(callback: (tx: PgliteThreadTransaction) => Promise<T>): Promise<T> {
    this.#transactions += 1;
    const run = this.#exclusive(async () => {
      await this.#call({ op: 'exec', sql: 'BEGIN' });
      // An object, not a `let`: the transaction's own calls close it.
      const state = { closed: false };
      const open = () => {
        if (state.closed) throw new Error('Transaction is closed');
      };
      const tx: PgliteThreadTransaction = {
        query: async <R>(sql: string, params?: unknown[], options?: QueryOptions) => {
          open();
          return this.#query<R>(sql, params, options);
        },
        exec: async (sql: string) => {
          open();
          return (await this.#call({ op: 'exec', sql })) as Results[];
        },
        rollback: async () => {
          open();
          await this.#call({ op: 'exec', sql: 'ROLLBACK' });
          state.closed = true;
        },
        get closed() {
          return state.closed;
        },
      };
      try {
        const result = await callback(tx);
        if (!state.closed) {
          state.closed = true;
          const [commit] = (await this.#call({ op: 'exec', sql: 'COMMIT' })) as Results[];
          // COMMIT of a transaction a failed statement aborted answers ROLLBACK, as in PGlite.
          if ((commit as { command?: string } | undefined)?.command === 'ROLLBACK') {
            throw new PgliteError({
              name: 'error',
              message: 'Transaction was rolled back instead of committed',
              fields: { code: '25P02', severity: 'ERROR' },
            });
          }
        }
        return result;
      } catch (error) {
        if (!state.closed) {
          state.closed = true;
          await this.#call({ op: 'exec', sql: 'ROLLBACK' });
        }
        throw error;
      }
    });
    return run.finally(() => {
      this.#transactions -= 1;
    });
  }

  /** LISTEN on the database; the callback gets each NOTIFY payload. Returns the UNLISTEN. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const id = this.#nextId++;
    this.#listeners.set(id, callback);
    try {
      await this.#exclusive(() => this.#call({ op: 'listen', channel }, id));
    } catch (error) {
      this.#listeners.delete(id);
      throw error;
    }
    return async () => {
      if (!this.#listeners.delete(id) || this.closed) return;
      await this.#exclusive(() => this.#call({ op: 'unlisten', listenId: id }));
    };
  }

  /** Waits for the statements already queued, closes the database, then the thread ends. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      await this.#tail.catch(() => undefined);
      if (this.#failure) return;
      const exited = new Promise<void>((resolve) => this.#worker.once('exit', () => resolve()));
      await this.#call({ op: 'close' }, undefined, true);
      // Held until the thread is gone, so the caller's cleanup after close() still runs.
      this.#worker.ref();
      await exited;
    })();
    return this.#closing;
  }

  #query<T>(sql: string, params: Params, options: QueryOptions | undefined): Promise<Results<T>> {
    return this.#call({ op: 'query', sql, params, rowMode: options?.rowMode }) as Promise<Results<T>>;
  }

  #exclusive<T>(section: () => Promise<T>): Promise<T> {
    const run = this.#tail.then(section);
    this.#tail = run.catch(() => undefined);
    return run;
  }

  #call(request: Request, reservedId?: number, closing = false): Promise<unknown> {
    if (this.#closing && !closing) {
      return Promise.reject(new Error('The embedded database is closed.'));
    }
    if (this.#failure) return Promise.reject(this.#failure);
    const id = reservedId ?? this.#nextId++;
    return new Promise((resolve, reject) => {
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...request, id });
    });
  }

  #settle(id: number): { resolve: (value: unknown) => void; reject: (e: Error) => void } | undefined {
    const pending = this.#pending.get(id);
    this.#pending.delete(id);
    // An idle database thread must not keep the process alive on its own.
    if (this.#pending.size === 0) this.#worker.unref();
    return pending;
  }

  #listen(): void {
    this.#worker.unref();
    this.#worker.on('message', (reply: PgliteReply) => {
      if (reply.type === 'result') this.#settle(reply.id)?.resolve(reply.result);
      else if (reply.type === 'error') this.#settle(reply.id)?.reject(new PgliteError(reply.error));
      else if (reply.type === 'notification') this.#listeners.get(reply.listenId)?.(reply.payload);
    });
    const fail = (error: Error) => {
      this.#failure ??= error;
      for (const id of [...this.#pending.keys()]) this.#settle(id)?.reject(this.#failure);
    };
    this.#worker.on('error', (error: Error) => {
      fail(new Error(`The embedded database's thread failed: ${error.message}`, { cause: error }));
    });
    this.#worker.on('exit', (code) => {
      fail(new Error(`The embedded database's thread stopped (exit code ${code}).`));
    });
  }
}

/** The messages between the server's thread and the embedded database's thread (pglite-worker.ts). */

export interface PgliteWorkerData {
  /** The PGlite folder; undefined keeps the database in memory. */
  readonly dataDir: string | undefined;
}

export type PgliteRequest =
  | {
      readonly op: 'query';
      readonly id: number;
      readonly sql: string;
      readonly params: readonly unknown[] | undefined;
      readonly rowMode: 'array' | 'object' | undefined;
    }
  | { readonly op: 'exec'; readonly id: number; readonly sql: string }
  | { readonly op: 'listen'; readonly id: number; readonly channel: string }
  | { readonly op: 'unlisten'; readonly id: number; readonly listenId: number }
  | { readonly op: 'close'; readonly id: number };

export interface SerializedError {
  readonly message: string;
  readonly name: string;
  /** The error's own plain fields: PostgreSQL's code, detail, constraint, table, position... */
  readonly fields: Readonly<Record<string, string | number | boolean | null>>;
}

export type PgliteReply =
  | { readonly type: 'ready' }
  | { readonly type: 'failed'; readonly error: SerializedError }
  | { readonly type: 'result'; readonly id: number; readonly result: unknown }
  | { readonly type: 'error'; readonly id: number; readonly error: SerializedError }
  | { readonly type: 'notification'; readonly listenId: number; readonly payload: string };

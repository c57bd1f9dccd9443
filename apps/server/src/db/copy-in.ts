import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type pg from 'pg';
import type { DB } from './schema.ts';

/**
 * `COPY … FROM STDIN` through Kysely on PostgreSQL (decision 023). Kysely sends every statement as
 * `client.query(text, parameters)`; a PostgreSQL client opened by `openDatabase` reads a statement
 * of the form `copy <table> (<columns>) from stdin` with exactly one parameter as a COPY whose data
 * is that parameter, in PostgreSQL's text format (`copyText`).
 * So a COPY runs on whatever connection the caller holds, inside its transaction.
 */

type Executor = Kysely<DB> | Transaction<DB>;

const COPY_FROM_STDIN = /^copy [\w".]+ \([\w", ]+\) from stdin$/;

/**
 * Why: Kysely has no COPY; this makes a pool's client run the `copyIn` form of statement as one.
 * Any other statement goes to the client unchanged.
 */
export function acceptCopyIn(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (text: string, values?: unknown[]) => Promise<unknown>;
  Object.assign(client, {
    query: (text: unknown, values?: unknown, ...rest: unknown[]) =>
      typeof text === 'string' &&
      Array.isArray(values) &&
      values.length === 1 &&
      typeof values[0] === 'string' &&
      COPY_FROM_STDIN.test(text)
        ? new CopyFromStdin(text, values[0]).run(client)
        : (query as (...args: unknown[]) => unknown)(text, values, ...rest),
  });
}

/**
 * Copies rows given in PostgreSQL's COPY text format (one line per row, columns separated by tabs,
 * each value written by `copyText`) into `table`, on the caller's connection.
 */
export async function copyIn(
  db: Executor,
  table: string,
  columns: readonly string[],
  rows: string,
): Promise<void> {
  const statement = `copy ${quoteIdentifier(table)} (${columns.map(quoteIdentifier).join(', ')}) from stdin`;
  await db.executeQuery(CompiledQuery.raw(statement, [rows]));
}

/**
 * One value in COPY's text format: `\N` for null; a backslash, newline, carriage return or tab
 * escaped with a backslash, since COPY reads them as its own syntax.
 */
export function copyText(value: string | null): string {
  if (value === null) return '\\N';
  return ESCAPED.test(value) ? value.replace(ESCAPES, (char) => ESCAPE_OF[char] as string) : value;
}

/**
 * A JSON text as a COPY value. `JSON.stringify` escapes every control character, so only its
 * backslashes need escaping.
 */
export function copyJson(json: string): string {
  return json.includes('\\') ? json.replaceAll('\\', '\\\\') : json;
}

const ESCAPED = /[\\\n\r\t]/;
const ESCAPES = /[\\\n\r\t]/g;
const ESCAPE_OF: Readonly<Record<string, string>> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

interface PgConnection {
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
  sendCopyFail(message: string): void;
}

/**
 * The client side of COPY FROM STDIN in node-postgres' query protocol (what `pg-copy-streams`
 * does for a stream): the statement goes out as a simple query; when the server asks for data, the
 * whole text follows in one message, then the end of the copy; the command tag says how many rows.
 */
class CopyFromStdin {
  readonly #text: string;
  readonly #data: Buffer;
  #copied = 0;
  #error: Error | undefined;
  #settle: { resolve: (rows: unknown) => void; reject: (error: Error) => void } | undefined;

  constructor(text: string, data: string) {
    this.#text = text;
    this.#data = Buffer.from(data, 'utf8');
  }

  run(client: pg.PoolClient): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.#settle = { resolve, reject };
      (client as unknown as { query(submittable: unknown): void }).query(this);
    });
  }

  submit(connection: PgConnection): void {
    connection.query(this.#text);
  }

  handleCopyInResponse(connection: PgConnection): void {
    if (this.#data.length > 0) connection.sendCopyFromChunk(this.#data);
    connection.endCopyFrom();
  }

  handleCommandComplete(message: { text?: string }): void {
    this.#copied = Number(/^COPY (\d+)$/.exec(message.text ?? '')?.[1] ?? 0);
  }

  handleError(error: Error): void {
    this.#error = error;
    // After an error the server still sends ReadyForQuery, unless the connection itself failed;
    // either way the caller learns now.
    this.#finish();
  }

  handleReadyForQuery(): void {
    this.#finish();
  }

  handleCopyData(_message: unknown, connection: PgConnection): void {
    connection.sendCopyFail('Fleetdeck does not read COPY output here.');
  }

  handleRowDescription(): void {
    // COPY FROM returns no rows.
  }

  handleDataRow(): void {
    // COPY FROM returns no rows.
  }

  handleEmptyQuery(): void {
    // Never sent: the statement is not empty.
  }

  handlePortalSuspended(): void {
    // Simple queries have no portal.
  }

  #finish(): void {
    const settle = this.#settle;
    this.#settle = undefined;
    if (!settle) return;
    if (this.#error) settle.reject(this.#error);
    else settle.resolve({ command: 'COPY', rowCount: this.#copied, rows: [] });
  }
}

import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config/env.ts';
import { openDatabase, type Database } from './db/client.ts';
import { migrateToLatest } from './db/migrate.ts';

export interface RunningServer {
  readonly app: FastifyInstance;
  readonly database: Database;
  readonly url: string;
  close(): Promise<void>;
}

/** Why: main, the benchmarks and the end-to-end harness start Fleetdeck the same way. */
export async function startServer(
  config: Config,
  options: { log?: ((message: string) => void) | undefined } = {},
): Promise<RunningServer> {
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'embedded', dataDir: config.dataDir, log: options.log },
  );
  let app: FastifyInstance | undefined;
  try {
    await migrateToLatest(database.db);
    // Sync jobs run in every server process; PostgreSQL spreads them across processes.
    app = await buildApp({ config, database, jobs: { connectionString: database.url } });
    app.addHook('onClose', async () => database.close());
    const url = await app.listen({ port: config.port, host: config.host });
    const running = app;
    return { app: running, database, url, close: () => running.close() };
  } catch (error) {
    if (app) await app.close();
    else await database.close();
    throw error;
  }
}

import { ConfigError, loadConfig } from './config/env.ts';
import { startServer, type RunningServer } from './server.ts';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  // What the embedded database's start did (a leftover server stopped, a folder made reachable).
  const server = await startServer(config, { log: (message) => process.stdout.write(`${message}\n`) });
  server.app.log.info(
    { url: server.url, database: server.database.kind },
    `Fleetdeck is running at ${config.publicUrl}`,
  );
  handleShutdown(server);
}

/** Finish in-flight requests, close the database, then exit; force exit if that hangs. */
function handleShutdown(server: RunningServer): void {
  let closing = false;
  const stop = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    server.app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      server.app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        server.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Fleetdeck failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});

import { refuseIfDataDirInUse } from '../apps/server/src/db/data-dir-lock.ts';
import { ensureWebBuild } from './lib/web-build.ts';
import { startLocalGoogleUnlessConfigured } from './lib/local-google.ts';

// One Fleetdeck per data folder: a second start says so before it builds or takes a port.
if (!process.env.DATABASE_URL) {
  try {
    refuseIfDataDirInUse(process.env.DATA_DIR || './data');
  } catch (error) {
    process.stderr.write(`Fleetdeck failed to start: ${(error as Error).message}\n`);
    process.exit(1);
  }
}
ensureWebBuild();
const localGoogle = await startLocalGoogleUnlessConfigured(process.env);
if (localGoogle) {
  // The server exits the process on SIGTERM/SIGINT; the emulator's sockets go with it.
  process.once('exit', () => void localGoogle.emulator.close());
}
await import('../apps/server/src/main.ts');

import { runWithServerNodeSettings } from './lib/server-node-settings.ts';

// First of all: the server's V8 and C library settings take a process started with them (decision 017).
runWithServerNodeSettings();

const { ensureWebBuild } = await import('./lib/web-build.ts');
const { startLocalGoogleUnlessConfigured } = await import('./lib/local-google.ts');

ensureWebBuild();
const localGoogle = await startLocalGoogleUnlessConfigured(process.env);
if (localGoogle) {
  // The server exits the process on SIGTERM/SIGINT; the emulator's sockets go with it.
  process.once('exit', () => void localGoogle.emulator.close());
}
await import('../apps/server/src/main.ts');

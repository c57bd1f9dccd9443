import { ensureWebBuild } from './lib/web-build.ts';
import { startLocalGoogleUnlessConfigured } from './lib/local-google.ts';

ensureWebBuild();
const localGoogle = await startLocalGoogleUnlessConfigured(process.env);
if (localGoogle) {
  // The server exits the process on SIGTERM/SIGINT; the emulator's sockets go with it.
  process.once('exit', () => void localGoogle.emulator.close());
}
await import('../apps/server/src/main.ts');

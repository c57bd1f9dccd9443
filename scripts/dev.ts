/**
 * `npm run dev`: the API server on API_PORT (default 3001, restarted on change by Node's watch
 * mode) and Vite's dev server on PORT (default 3000), which proxies /api and the probes to it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const apiPort = process.env.API_PORT ?? '3001';
const children: ChildProcess[] = [
  spawn(process.execPath, ['--watch', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, NODE_ENV: 'development' },
  }),
  spawn(path.join(ROOT, 'node_modules/.bin/vite'), ['--port', process.env.PORT ?? '3000', '--strictPort'], {
    cwd: path.join(ROOT, 'apps/web'),
    stdio: 'inherit',
    env: { ...process.env, FLEETDECK_API_ORIGIN: `http://127.0.0.1:${apiPort}` },
  }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
for (const child of children) {
  child.once('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}

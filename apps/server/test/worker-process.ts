import { spawn, type ChildProcess } from 'node:child_process';
import type { DatabaseTarget } from '../src/db/client.ts';
import { SYNC_SCOPES, type SyncEmulator } from './sync-harness.ts';

/**
 * Fleetdeck's background work (a sync, a bulk run) in a process of its own, so a crash test can
 * kill it, or the database under it, at a known point: the worker prints a line per committed
 * step, and the test acts once it has seen enough of them.
 */

/** What every worker fixture reads: its database, and the emulator with a token for the grant. */
export function workerEnv(
  emulator: SyncEmulator,
  target: DatabaseTarget,
  extra: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const owner = emulator.emu.oauth.admins()[0];
  if (!owner) throw new Error('the emulator has no demo admin');
  return {
    WORKER_DATABASE: JSON.stringify(target),
    WORKER_EMULATOR_ORIGIN: emulator.origin,
    WORKER_ACCESS_TOKEN: emulator.emu.oauth.mintAccessToken({ email: owner.email, scopes: SYNC_SCOPES }),
    WORKER_CUSTOMER_ID: emulator.customerId,
    ...extra,
  };
}

export interface StopPoint<T> {
  /** A committed-step line of the worker's output (global, multiline), counted as it comes. */
  readonly line: RegExp;
  /**
   * When to act, given the lines seen so far: checked on every output chunk and every millisecond
   * (a point the test sees elsewhere, e.g. a call the emulator just answered).
   */
  readonly reached: (linesSeen: number) => boolean;
  /** Called once, when `reached` holds with the worker still running (e.g. a SIGKILL). */
  readonly act: (child: ChildProcess) => Promise<T>;
}

export interface StoppedWorker<T> {
  readonly value: T;
  /** Matching lines seen by the time the worker exited. */
  readonly seen: number;
  readonly signal: NodeJS.Signals | null;
  readonly output: string;
}

/** Runs `script` until its stop point, then resolves once the worker exited; rejects if it ended first. */
export function runWorkerUntil<T>(
  script: string,
  env: Readonly<Record<string, string>>,
  stop: StopPoint<T>,
): Promise<StoppedWorker<T>> {
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    let seen = 0;
    let acted: Promise<T> | undefined;
    const check = () => {
      if (!acted && child.exitCode === null && stop.reached(seen)) acted = stop.act(child);
    };
    const timer = setInterval(check, 1);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      seen = (output.match(stop.line) ?? []).length;
      check();
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code, signal) => {
      clearInterval(timer);
      if (!acted) {
        reject(new Error(`the worker ended (code ${code}) before its stop point: ${output.slice(-2000)}`));
        return;
      }
      acted.then((value) => resolve({ value, seen, signal, output }), reject);
    });
  });
}

/** The stop most crash tests want: SIGKILL the worker itself. */
export const killWorker = async (child: ChildProcess): Promise<void> => {
  child.kill('SIGKILL');
};

/** Runs `script` to its end; resolves with its output, rejects unless it exits with 0. */
export function runWorkerToEnd(script: string, env: Readonly<Record<string, string>>): Promise<string> {
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      if (code === 0) resolve(output);
      else reject(new Error(`the worker exited with ${code}: ${output.slice(-2000)}`));
    });
  });
}

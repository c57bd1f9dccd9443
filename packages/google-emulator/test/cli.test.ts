/**
 * The standalone emulator (`npm run emulator`) starts, prints its origin, serves, and stops on SIGTERM.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url));

describe('npm run emulator', () => {
  it('serves a fleet of the requested size on the printed origin', async () => {
    const child = spawn(
      process.execPath,
      [CLI, '--size', '150', '--seed', 'cli-test', '--port', '0', '--now', '2026-03-02T09:00:00Z'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    try {
      const origin = await new Promise<string>((resolve, reject) => {
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const match = /listening on (http:\/\/\S+)/.exec(output);
          if (match?.[1]) resolve(match[1]);
        });
        child.once('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
      });
      const summary = (await (await fetch(`${origin}/__emulator`)).json()) as {
        fleet: { size: number };
        clock: { now: string; frozen: boolean };
      };
      expect(summary.fleet.size).toBe(150);
      expect(summary.clock).toMatchObject({ now: '2026-03-02T09:00:00.000Z', frozen: true });
      expect((await fetch(`${origin}/admin/directory/v1/customer/my_customer/devices/chromeos`)).status).toBe(
        401,
      );
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    expect(child.exitCode).toBe(0);
  });

  it('refuses a size outside 100 to 250,000', async () => {
    const child = spawn(process.execPath, [CLI, '--size', '99', '--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
  });
});

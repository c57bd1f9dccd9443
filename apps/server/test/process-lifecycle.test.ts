import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

const MAIN = path.resolve(import.meta.dirname, '../src/main.ts');
/** What `npm start` runs. */
const START = path.resolve(import.meta.dirname, '../../../scripts/start.ts');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fleetdeck-lifecycle-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface Started {
  child: ChildProcessWithoutNullStreams;
  url: string;
  output: () => string;
}

/** Starts the real server process on its embedded PostgreSQL and resolves with the URL it logs. */
function startServer(): Promise<Started> {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: 'info',
      GOOGLE_ISSUER_URL: 'http://127.0.0.1:9',
    },
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"url":"(http:\/\/[^"]+)"/.exec(output);
      if (match?.[1]) resolve({ child, url: match[1], output: () => output });
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output.slice(-2000)}`)));
  });
}

function exitOf(child: ChildProcessWithoutNullStreams): Promise<{ code: number | null; stderr: string }> {
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr })));
}

describe('the server process', () => {
  it('refuses a second process or `npm start` on the same data folder, then shuts down cleanly on SIGTERM', async () => {
    const first = await startServer();
    const health = await fetch(`${first.url}/healthz`);
    expect(health.status).toBe(200);
    expect(existsSync(path.join(dataDir, 'fleetdeck.lock'))).toBe(true);

    const second = spawn(process.execPath, [MAIN], {
      env: {
        ...process.env,
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        PORT: '0',
        GOOGLE_ISSUER_URL: 'http://127.0.0.1:9',
      },
    });
    const refused = await exitOf(second);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/in use by another Fleetdeck process/);

    // `npm start` again: it must say the same before its local Google takes the port the first
    // one's holds (a listener here stands in for it), not fail on that port.
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const npmStart = spawn(process.execPath, [START], {
      env: {
        ...process.env,
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        PORT: '0',
        GOOGLE_CLIENT_ID: '',
        EMULATOR_PORT: String((taken.address() as net.AddressInfo).port),
        FLEET_SIZE: '100',
      },
    });
    const startRefused = await exitOf(npmStart);
    taken.close();
    expect(startRefused.code).toBe(1);
    expect(startRefused.stderr).toMatch(
      /Fleetdeck failed to start: The data folder .* is in use by another Fleetdeck process \(pid \d+\)/,
    );

    const exited = exitOf(first.child);
    first.child.kill('SIGTERM');
    expect((await exited).code).toBe(0);
    expect(existsSync(path.join(dataDir, 'fleetdeck.lock'))).toBe(false);
  }, 120_000);

  it('comes back with its data after a kill -9, stopping the database server the killed one left', async () => {
    const first = await startServer();
    // The embedded database's socket, as the killed process left it (DATA_DIR/run).
    const url = `postgres://postgres@${encodeURIComponent(path.join(dataDir, 'run'))}/fleetdeck`;
    await withClient(url, (client) =>
      client.query(
        "insert into mail_outbox (recipient, subject, text) values ('kill@example.edu', 'committed.before.kill', 'x')",
      ),
    );
    const killed = exitOf(first.child);
    first.child.kill('SIGKILL');
    await killed;

    const second = await startServer();
    expect(second.output()).toMatch(
      /Stopping the embedded PostgreSQL \(pid \d+\) left running by an earlier Fleetdeck/,
    );
    expect((await fetch(`${second.url}/readyz`)).status).toBe(200);
    const rows = await withClient(url, (client) =>
      client.query("select count(*)::int as n from mail_outbox where subject = 'committed.before.kill'"),
    );
    expect(rows.rows[0]).toEqual({ n: 1 });
    const exited = exitOf(second.child);
    second.child.kill('SIGTERM');
    expect((await exited).code).toBe(0);
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  }, 120_000);
});

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

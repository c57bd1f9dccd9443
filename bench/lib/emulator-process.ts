import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * The Google emulator in a process of its own (as the benchmarks require), with a frozen clock so
 * the fleet holds still, and an access token minted through its control API.
 */

const CLI = fileURLToPath(new URL('../../packages/google-emulator/src/cli.ts', import.meta.url));

export interface EmulatorProcess {
  readonly origin: string;
  readonly token: string;
  readonly customerId: string;
  get(path: string): Promise<unknown>;
  post(path: string, body?: unknown): Promise<unknown>;
  stop(): Promise<void>;
}

const SCOPES = [
  'admin.directory.device.chromeos',
  'admin.directory.orgunit',
  'admin.directory.customer.readonly',
  'chrome.management.telemetry.readonly',
  'chrome.management.reports.readonly',
];

export async function startEmulatorProcess(size: number, now: number): Promise<EmulatorProcess> {
  const child = spawn(process.execPath, [CLI, '--size', String(size), '--port', '0', '--now', String(now)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const origin = await waitForOrigin(child);
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const response = await fetch(`${origin}/__emulator${path ? `/${path}` : ''}`, {
      method,
      ...(method === 'POST'
        ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) }
        : {}),
    });
    if (!response.ok) throw new Error(`emulator ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const get = (path: string) => call('GET', path);
  const post = (path: string, body?: unknown) => call('POST', path, body);
  const { admins } = (await get('oauth/admins')) as { admins: { email: string }[] };
  const email = admins[0]?.email;
  if (!email) throw new Error('the emulator has no demo admin');
  const { access_token: token } = (await post('oauth/access-tokens', { email, scopes: SCOPES })) as {
    access_token: string;
  };
  const summary = (await get('')) as { customer?: { id?: string } };
  const customerId = summary.customer?.id ?? 'my_customer';
  return {
    origin,
    token,
    customerId,
    get,
    post,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

function waitForOrigin(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      const match = /listening on (http:\/\/[^\s]+)/.exec(buffer);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`the emulator exited with code ${code}`)));
  });
}

/**
 * An HTTP load generator in a process of its own, so the clients' work (requests, gunzip) does
 * not share the event loop of the server it measures, as real browsers would not.
 *   node bench/lib/http-load.ts <url> <total> <concurrency>  → prints sorted durations (ms) as JSON
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { gunzipSync } from 'node:zlib';

/**
 * One GET over a kept-alive connection, the body read to its end and gunzipped, as a browser
 * would. Plain `node:http` rather than `fetch`: fetch cost this process ~1.2 ms of CPU per request,
 * as much as the server it measures, on the same two cores (browsers run on other machines).
 */
function get(url: URL, agent: http.Agent): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers: { 'accept-encoding': 'gzip' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        const text = response.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body;
        if (response.statusCode !== 200)
          reject(new Error(`${url.href}: ${response.statusCode} ${text.toString()}`));
        else resolve();
      });
    });
    request.on('error', reject);
  });
}

async function main(url: string, total: number, concurrency: number): Promise<void> {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const durations: number[] = [];
  let next = 0;
  const before = process.cpuUsage();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        const started = performance.now();
        await get(target, agent);
        durations.push(performance.now() - started);
      }
    }),
  );
  agent.destroy();
  const cpu = process.cpuUsage(before);
  const result: LoadResult = {
    durations: durations.sort((a, b) => a - b),
    cpuMsPerRequest: (cpu.user + cpu.system) / 1000 / total,
  };
  process.stdout.write(JSON.stringify(result));
}

export interface LoadResult {
  /** Each request's time to its last byte, sorted (ms). */
  readonly durations: number[];
  /** The load generator's own CPU per request (ms): on one machine, it competes with the server. */
  readonly cpuMsPerRequest: number;
}

/** Why: the benchmark's figure is the server's latency, measured from outside its process. */
export function loadFromAnotherProcess(url: string, total: number, concurrency: number): Promise<LoadResult> {
  const child = spawn(process.execPath, [import.meta.filename, url, String(total), String(concurrency)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      if (code === 0) resolve(JSON.parse(output) as LoadResult);
      else reject(new Error(`the load generator exited with ${code}`));
    });
  });
}

if (process.argv[1] === import.meta.filename) {
  const [url, total, concurrency] = process.argv.slice(2);
  if (!url || !total || !concurrency) throw new Error('usage: http-load.ts <url> <total> <concurrency>');
  await main(url, Number(total), Number(concurrency));
}

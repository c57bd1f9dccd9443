/**
 * An HTTP load generator in a process of its own, so the clients' work (requests, gunzip) does
 * not share the event loop of the server it measures, as real browsers would not.
 *   node bench/lib/http-load.ts <url> <total> <concurrency>  → prints sorted durations (ms) as JSON
 */
import { spawn } from 'node:child_process';

async function main(url: string, total: number, concurrency: number): Promise<void> {
  const durations: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        const started = performance.now();
        const response = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
        if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
        await response.arrayBuffer();
        durations.push(performance.now() - started);
      }
    }),
  );
  process.stdout.write(JSON.stringify(durations.sort((a, b) => a - b)));
}

/** Why: the benchmark's figure is the server's latency, measured from outside its process. */
export function loadFromAnotherProcess(url: string, total: number, concurrency: number): Promise<number[]> {
  const child = spawn(process.execPath, [import.meta.filename, url, String(total), String(concurrency)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      if (code === 0) resolve(JSON.parse(output) as number[]);
      else reject(new Error(`the load generator exited with ${code}`));
    });
  });
}

if (process.argv[1] === import.meta.filename) {
  const [url, total, concurrency] = process.argv.slice(2);
  if (!url || !total || !concurrency) throw new Error('usage: http-load.ts <url> <total> <concurrency>');
  await main(url, Number(total), Number(concurrency));
}

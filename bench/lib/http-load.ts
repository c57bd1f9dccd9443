/**
 * An HTTP load generator in a process of its own, so the clients' work (requests, gunzip) does
 * not share the event loop of the server it measures, as real browsers would not.
 *   node bench/lib/http-load.ts <url> <total> <concurrency>  → prints sorted durations (ms) as JSON
 */
import { spawn } from 'node:child_process';
import net from 'node:net';
import { gunzipSync } from 'node:zlib';

const HEADER_END = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');

interface Response {
  readonly status: number;
  readonly headers: ReadonlyMap<string, string>;
  readonly body: Buffer;
}

/**
 * Where a response ends in `data` (null while incomplete). HTTP/1.1 as Fastify answers: a
 * Content-Length body, or a chunked one.
 */
function parseResponse(data: Buffer): { response: Response; end: number } | null {
  const headerEnd = data.indexOf(HEADER_END);
  if (headerEnd < 0) return null;
  const lines = data.subarray(0, headerEnd).toString('latin1').split('\r\n');
  const status = Number(lines[0]?.split(' ')[1]);
  const headers = new Map<string, string>();
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const start = headerEnd + HEADER_END.length;
  const length = headers.get('content-length');
  if (length !== undefined) {
    const end = start + Number(length);
    return data.length < end ? null : { response: { status, headers, body: data.subarray(start, end) }, end };
  }
  if (headers.get('transfer-encoding')?.toLowerCase() !== 'chunked')
    throw new Error(`a response with neither Content-Length nor chunked encoding (status ${status})`);
  const parts: Buffer[] = [];
  let at = start;
  for (;;) {
    const lineEnd = data.indexOf(CRLF, at);
    if (lineEnd < 0) return null;
    const size = Number.parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
    const chunkEnd = lineEnd + CRLF.length + size;
    if (data.length < chunkEnd + CRLF.length) return null;
    if (size === 0) return { response: { status, headers, body: Buffer.concat(parts) }, end: chunkEnd + 2 };
    parts.push(data.subarray(lineEnd + CRLF.length, chunkEnd));
    at = chunkEnd + CRLF.length;
  }
}

/**
 * One client: a kept-alive connection, one request at a time, each response read to its last byte,
 * gunzipped and checked (status 200, a JSON object), as a browser would. A raw HTTP/1.1 client
 * rather than `node:http` (0.29–0.89 ms of CPU a request) or `fetch` (~1.2 ms): on this machine
 * the generator's CPU is taken from the server it measures (browsers run on other machines).
 */
class Client {
  private readonly url: URL;
  private readonly request: Buffer;
  private readonly socket: net.Socket;
  private buffer: Buffer = Buffer.alloc(0);
  private pending: { resolve: (response: Response) => void; reject: (error: Error) => void } | null = null;

  constructor(url: URL, request: Buffer) {
    this.url = url;
    this.request = request;
    this.socket = net.connect(Number(url.port), url.hostname);
    this.socket.setNoDelay(true);
    this.socket.on('data', (chunk: Buffer) => this.onData(chunk));
    this.socket.on('error', (error) => this.fail(error));
    this.socket.on('close', () => this.fail(new Error(`${url.href}: the server closed the connection`)));
  }

  private onData(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    let parsed: ReturnType<typeof parseResponse>;
    try {
      parsed = parseResponse(this.buffer);
    } catch (error) {
      this.fail(error as Error);
      return;
    }
    if (!parsed) return;
    this.buffer = this.buffer.subarray(parsed.end);
    const pending = this.pending;
    this.pending = null;
    pending?.resolve(parsed.response);
  }

  private fail(error: Error): void {
    const pending = this.pending;
    this.pending = null;
    pending?.reject(error);
  }

  async get(): Promise<void> {
    const response = await new Promise<Response>((resolve, reject) => {
      this.pending = { resolve, reject };
      this.socket.write(this.request);
    });
    const body =
      response.headers.get('content-encoding') === 'gzip' ? gunzipSync(response.body) : response.body;
    if (response.status !== 200) throw new Error(`${this.url.href}: ${response.status} ${body.toString()}`);
    if (body[0] !== 0x7b) throw new Error(`${this.url.href}: the answer is not a JSON object`);
  }

  close(): void {
    this.socket.removeAllListeners('close');
    this.socket.destroy();
  }
}

async function main(url: string, total: number, concurrency: number): Promise<void> {
  const target = new URL(url);
  const request = Buffer.from(
    `GET ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\nAccept-Encoding: gzip\r\nConnection: keep-alive\r\n\r\n`,
    'latin1',
  );
  const durations: number[] = [];
  let next = 0;
  const before = process.cpuUsage();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      const client = new Client(target, request);
      try {
        while (next < total) {
          next += 1;
          const started = performance.now();
          await client.get();
          durations.push(performance.now() - started);
        }
      } finally {
        client.close();
      }
    }),
  );
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

/**
 * Google's HTTP batch endpoint (`POST /batch`, reference §1): every part is dispatched as its own
 * request through this app, so each is authorized, delayed, counted and may be failed by the
 * fault injector one by one, as Google does; the answers come back as one `multipart/mixed` body.
 * The batch itself is not an API call: it carries no latency or fault of its own.
 */
import type { FastifyInstance } from 'fastify';
import {
  boundaryOf,
  MAX_BATCH_CALLS,
  newBoundary,
  parseRequestPart,
  splitMultipart,
} from '@fleetdeck/google/http/multipart-batch';
import { invalidInput } from './google-errors.ts';

/** Headers of the batch request every part inherits (a part's own headers win). */
const INHERITED = ['authorization', 'user-agent', 'accept'];

function partHeaders(headers: ReadonlyMap<string, string>): Record<string, string> {
  const own: Record<string, string> = {};
  // The part's length is recomputed from its body.
  for (const [name, value] of headers) if (name !== 'content-length') own[name] = value;
  return own;
}

export function registerBatchRoute(app: FastifyInstance): void {
  app.addContentTypeParser(
    'multipart/mixed',
    { parseAs: 'string', bodyLimit: 16 * 2 ** 20 },
    (_r, body, done) => done(null, body),
  );
  app.post('/batch', async (request, reply) => {
    const boundary = boundaryOf(request.headers['content-type']);
    if (!boundary || typeof request.body !== 'string')
      throw invalidInput('A batch request must be multipart/mixed with a boundary.');
    let parts: ReturnType<typeof parseRequestPart>[];
    try {
      parts = splitMultipart(request.body, boundary).map(parseRequestPart);
    } catch (error) {
      throw invalidInput(`Failed to parse batch request: ${(error as Error).message}`);
    }
    if (parts.length === 0) throw invalidInput('A batch request must contain at least one part.');
    if (parts.length > MAX_BATCH_CALLS)
      throw invalidInput(`A batch request cannot contain more than ${MAX_BATCH_CALLS} requests.`);
    if (parts.some((part) => part.path.startsWith('/batch')))
      throw invalidInput('A batch request cannot contain another batch request.');
    const inherited: Record<string, string> = {};
    for (const name of INHERITED) {
      const value = request.headers[name];
      if (typeof value === 'string') inherited[name] = value;
    }
    const answers = await Promise.all(
      parts.map((part) =>
        app.inject({
          method: part.method,
          url: part.path,
          headers: { ...inherited, ...partHeaders(part.headers) },
          ...(part.body === undefined ? {} : { payload: part.body }),
        }),
      ),
    );
    const out = newBoundary();
    const chunks: string[] = [];
    answers.forEach((answer, index) => {
      const id = parts[index]?.id ?? String(index + 1);
      const type = answer.headers['content-type'];
      chunks.push(
        `--${out}\r\nContent-Type: application/http\r\nContent-ID: <response-${id}>\r\n\r\n`,
        `HTTP/1.1 ${answer.statusCode} ${answer.statusMessage}\r\n`,
        typeof type === 'string' ? `Content-Type: ${type}\r\n` : '',
        `Content-Length: ${Buffer.byteLength(answer.body)}\r\n\r\n`,
        answer.body,
        '\r\n',
      );
    });
    chunks.push(`--${out}--\r\n`);
    return reply.type(`multipart/mixed; boundary=${out}`).send(chunks.join(''));
  });
}

/**
 * Google's HTTP batch format (reference §1: the `batch` path; GAM sends its bulk calls this way):
 * one POST whose `multipart/mixed` body holds several HTTP requests, each an `application/http`
 * part with a `Content-ID`, answered by a `multipart/mixed` body of HTTP responses whose
 * `Content-ID` is `response-` plus the request's. Inner requests inherit the outer request's
 * headers (authorization), are counted and rate limited one by one, and may fail one by one.
 */

/** Google answers a batch of more than 1,000 calls with 400. */
export const MAX_BATCH_CALLS = 1000;

export interface BatchPartRequest {
  /** Unique within the batch; the response part carries `response-<id>`. */
  readonly id: string;
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path and query on the batch endpoint's host, e.g. `/admin/directory/v1/...?...`. */
  readonly path: string;
  readonly body?: string | undefined;
}

export interface BatchPartResponse {
  /** The request part's id (without `response-`), or undefined when Google sent none. */
  readonly id: string | undefined;
  readonly status: number;
  readonly headers: ReadonlyMap<string, string>;
  readonly body: string;
}

/** Why: a boundary must never occur in the parts; random hex behind a fixed prefix cannot. */
export function newBoundary(random: () => number = Math.random): string {
  let hex = '';
  while (hex.length < 24) hex += Math.floor(random() * 16).toString(16);
  return `batch_${hex}`;
}

/** Builds the body of a batch request (CRLF line ends, as RFC 2046 asks). */
export function encodeBatchRequest(parts: readonly BatchPartRequest[], boundary: string): string {
  const chunks: string[] = [];
  for (const part of parts) {
    chunks.push(
      `--${boundary}\r\nContent-Type: application/http\r\nContent-ID: <${part.id}>\r\n\r\n`,
      `${part.method} ${part.path} HTTP/1.1\r\n`,
    );
    if (part.body === undefined) chunks.push('\r\n');
    else
      chunks.push(
        `Content-Type: application/json; charset=UTF-8\r\nContent-Length: ${Buffer.byteLength(part.body)}\r\n\r\n`,
        part.body,
        '\r\n',
      );
  }
  chunks.push(`--${boundary}--\r\n`);
  return chunks.join('');
}

/** The boundary of a `multipart/mixed` content type, or undefined when it names none. */
export function boundaryOf(contentType: string | null | undefined): string | undefined {
  if (!contentType || !/^\s*multipart\/mixed\s*;/i.test(contentType)) return undefined;
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

/**
 * Splits a batch body into its parts. Lines may end with CRLF or LF. Throws on a body that is not
 * the format (no closing boundary, a part that is not an HTTP message).
 */
export function splitMultipart(body: string, boundary: string): string[] {
  const delimiter = `--${boundary}`;
  const parts: string[] = [];
  let at = body.indexOf(delimiter);
  if (at < 0) throw new Error('the batch body has no part boundary');
  for (;;) {
    const after = at + delimiter.length;
    if (body.startsWith('--', after)) return parts;
    const start = skipLineEnd(body, after);
    const next = body.indexOf(`\n${delimiter}`, start);
    if (next < 0) throw new Error('the batch body ends without its closing boundary');
    const end = next > start && body[next - 1] === '\r' ? next - 1 : next;
    parts.push(body.slice(start, end));
    at = next + 1;
  }
}

/** Parses one `application/http` part of a batch response. */
export function parseResponsePart(part: string): BatchPartResponse {
  const { headers: partHeaders, rest } = readHeaders(part);
  const statusLine = /^HTTP\/\d(?:\.\d)?\s+(\d{3})\b[^\n]*\r?\n/.exec(rest);
  if (!statusLine?.[1]) throw new Error('a batch response part holds no HTTP status line');
  const message = readHeaders(rest.slice(statusLine[0].length));
  const contentId = partHeaders.get('content-id');
  const id = contentId ? /^<?(?:response-)?([^>]*)>?$/.exec(contentId.trim())?.[1] : undefined;
  return { id, status: Number(statusLine[1]), headers: message.headers, body: message.rest };
}

/** Parses one `application/http` part of a batch request. */
export function parseRequestPart(part: string): BatchPartRequest & { headers: ReadonlyMap<string, string> } {
  const { headers: partHeaders, rest } = readHeaders(part);
  const requestLine = /^([A-Z]+)\s+(\S+)(?:\s+HTTP\/\d(?:\.\d)?)?\s*\r?\n/.exec(rest);
  if (!requestLine?.[1] || !requestLine[2]) throw new Error('a batch part holds no HTTP request line');
  const method = requestLine[1];
  if (!isMethod(method)) throw new Error(`a batch part uses the unsupported method ${method}`);
  const message = readHeaders(rest.slice(requestLine[0].length));
  const contentId = partHeaders.get('content-id');
  const id = contentId ? (/^<?([^>]*)>?$/.exec(contentId.trim())?.[1] ?? '') : '';
  const body = message.rest.replace(/\r?\n$/, '');
  return { id, method, path: requestLine[2], headers: message.headers, body: body === '' ? undefined : body };
}

function isMethod(method: string): method is BatchPartRequest['method'] {
  return ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method);
}

function skipLineEnd(text: string, at: number): number {
  if (text.startsWith('\r\n', at)) return at + 2;
  if (text[at] === '\n') return at + 1;
  return at;
}

/** Header lines up to the first empty line; `rest` is what follows it. */
function readHeaders(text: string): { headers: Map<string, string>; rest: string } {
  const headers = new Map<string, string>();
  let at = 0;
  for (;;) {
    const end = text.indexOf('\n', at);
    const line = (end < 0 ? text.slice(at) : text.slice(at, end)).replace(/\r$/, '');
    if (line === '') return { headers, rest: end < 0 ? '' : text.slice(end + 1) };
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    if (end < 0) return { headers, rest: '' };
    at = end + 1;
  }
}

import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CataloguedApiError } from '@fleetdeck/shared/api-error';
import { describeUnsafeCharacter, findUnsafeCharacter } from '@fleetdeck/shared/unsafe-text';

/** Deepest nesting of objects and arrays any request body may have (ours need 4). */
export const MAX_BODY_DEPTH = 32;

type Refusal = Omit<CataloguedApiError, 'requestId'>;

/**
 * Why: a NUL byte or a lone surrogate in a query, a search or a form field used to reach
 * PostgreSQL (500) or Google (a note Google stored made every later sync fail), and a deeply
 * nested body overflowed the stack. Every route's query, path parameters and JSON body are checked
 * before validation; the answer is a 400 naming the field, what is wrong and where.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    const refusal = refuseRequestInput(request);
    if (refusal === null) return;
    request.log.info({ error: refusal.error, status: 400 }, refusal.message);
    return reply
      .code(400)
      .header('cache-control', 'no-store')
      .type('application/json')
      .send({ ...refusal, requestId: request.id });
  });
}

/** The 400 for a request's query, path parameters or parsed body, or null when they are fine. */
export function refuseRequestInput(
  request: Pick<FastifyRequest, 'query' | 'params' | 'body'>,
): Refusal | null {
  return (
    refuseValue(request.query, 'query parameter', false) ??
    refuseValue(request.params, 'path parameter', false) ??
    refuseValue(request.body, 'field', true)
  );
}

/**
 * The 400 for a value (a parsed query or body): the first string or key with a character Fleetdeck
 * refuses, or nesting deeper than MAX_BODY_DEPTH. Walks without recursion, so no depth overflows it.
 */
export function refuseValue(value: unknown, noun: string, allowLineBreaks: boolean): Refusal | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop() as { value: unknown; path: string; depth: number };
    if (typeof item.value === 'string') {
      const found = findUnsafeCharacter(item.value, allowLineBreaks);
      if (found) return refusal(noun, item.path, describeUnsafeCharacter(found));
      continue;
    }
    if (typeof item.value !== 'object' || item.value === null) continue;
    if (item.depth >= MAX_BODY_DEPTH) return tooDeep();
    const entries = Array.isArray(item.value)
      ? item.value.map((child, index) => [String(index), child] as const)
      : Object.entries(item.value);
    for (const [key, child] of entries.reverse()) {
      const found = findUnsafeCharacter(key, false);
      const path = item.path === '' ? key : `${item.path}.${key}`;
      if (found) return refusal(`${noun} name`, path, describeUnsafeCharacter(found));
      stack.push({ value: child, path, depth: item.depth + 1 });
    }
  }
  return null;
}

/** Nesting of a JSON text deeper than `max`, counted without parsing it (strings skipped). */
export function jsonNestingExceeds(text: string, max = MAX_BODY_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') {
      depth++;
      if (depth > max) return true;
    } else if (char === '}' || char === ']') depth--;
  }
  return false;
}

/** The 400 for a body nested too deeply. */
export function tooDeep(): Refusal {
  return {
    error: 'invalid_request',
    status: 400,
    message: `The request body is nested more than ${MAX_BODY_DEPTH} levels deep. Send a flatter JSON object.`,
  };
}

function refusal(noun: string, path: string, what: string): Refusal {
  // A name may hold the very character refused: it is shown escaped.
  const name = path === '' ? 'body' : JSON.stringify(path).slice(1, -1);
  return {
    error: 'invalid_characters',
    status: 400,
    message: `The ${noun} "${name}" ${what}. Remove it (control characters and lone surrogates are not accepted) and send it again.`,
    details: { field: name, where: noun },
  };
}

/**
 * Why: routes that take the raw Node request (the identity service) parse their body themselves,
 * after this app's hooks. Reads a JSON or form body whole (up to `limitBytes`) and checks it as
 * registerInputGuard does; the text read is left on `raw.body`, where the identity service's Node
 * adapter reads a consumed body from. Other bodies are left unread.
 */
export async function refuseRawBody(raw: IncomingMessage, limitBytes: number): Promise<Refusal | null> {
  if (raw.method === 'GET' || raw.method === 'HEAD') return null;
  const type = (raw.headers['content-type'] ?? '').toLowerCase();
  const isJson = type.startsWith('application/json');
  const isForm = type.startsWith('application/x-www-form-urlencoded');
  if (!isJson && !isForm) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of raw as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limitBytes) return tooLarge(limitBytes);
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  (raw as IncomingMessage & { body?: string }).body = text;
  if (isForm) return refuseValue(Object.fromEntries(new URLSearchParams(text)), 'field', true);
  if (jsonNestingExceeds(text)) return tooDeep();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null; // the identity service answers malformed JSON itself
  }
  return refuseValue(parsed, 'field', true);
}

function tooLarge(limitBytes: number): Refusal {
  return {
    error: 'payload_too_large',
    status: 413,
    message: `The request body is larger than the ${Math.round(limitBytes / (1024 * 1024))} MB limit. Send less data per request.`,
  };
}

/**
 * Reading Google's answers: a 2xx body validated with zod, an error body classified, and a batch
 * answer matched to its calls, each part decoded on its own.
 */
import type { z } from 'zod';
import { classifyGoogleError } from '../error-classification.ts';
import { GoogleApiError, GoogleUnexpectedResponseError } from '../errors.ts';
import { type BatchPartResponse, boundaryOf, parseResponsePart, splitMultipart } from './multipart-batch.ts';
import { validateResponse } from './response-validation.ts';
import { parseRetryAfterMs } from './retry-policy.ts';
import type { BatchOutcome } from './transport-types.ts';

/** A non-2xx answer as the Google error it stands for. */
export function errorFromResponse(
  response: Response,
  text: string,
  method: string,
  url: string,
): GoogleApiError {
  return classifyGoogleError({
    status: response.status,
    bodyText: text,
    wwwAuthenticate: response.headers.get('www-authenticate'),
    retryAfterMs: parseRetryAfterMs(response.headers.get('retry-after'), Date.now()),
    method,
    url,
  });
}

/** Matches a batch answer's parts to the calls by Content-ID and decodes each on its own. */
export function decodeBatch<T>(
  response: Response,
  text: string,
  schema: z.ZodType<T>,
  urls: readonly string[],
): BatchOutcome<T>[] {
  const unexpected = (message: string, cause?: unknown) =>
    new GoogleUnexpectedResponseError({
      status: response.status,
      message,
      method: 'POST',
      url: response.url,
      cause,
    });
  const boundary = boundaryOf(response.headers.get('content-type'));
  if (!boundary) throw unexpected('Google answered a batch without a multipart/mixed body');
  const byId = new Map<string, BatchPartResponse>();
  try {
    for (const part of splitMultipart(text, boundary).map(parseResponsePart))
      if (part.id !== undefined) byId.set(part.id, part);
  } catch (cause) {
    throw unexpected('Google answered a batch with a body that is not a batch response', cause);
  }
  return urls.map((url, index): BatchOutcome<T> => {
    const part = byId.get(`item${index + 1}`);
    if (!part) return { ok: false, error: unexpected(`Google's batch answer left out call ${index + 1}`) };
    if (part.status < 200 || part.status > 299) {
      const error = classifyGoogleError({
        status: part.status,
        bodyText: part.body,
        wwwAuthenticate: part.headers.get('www-authenticate'),
        retryAfterMs: parseRetryAfterMs(part.headers.get('retry-after') ?? null, Date.now()),
        method: 'GET',
        url,
      });
      return { ok: false, error };
    }
    try {
      return { ok: true, value: parseBody(part.body, schema, part.status, 'GET', url) };
    } catch (error) {
      if (error instanceof GoogleApiError) return { ok: false, error };
      throw error;
    }
  });
}

/** Parses a 2xx body; an empty body (e.g. moveDevicesToOu) is treated as `{}`. */
export function parseBody<T>(
  text: string,
  schema: z.ZodType<T>,
  status: number,
  method: string,
  url: string,
): T {
  let json: unknown;
  try {
    json = /^\s*$/.test(text) ? {} : JSON.parse(text);
  } catch (cause) {
    throw new GoogleUnexpectedResponseError({
      status,
      message: 'Google answered with a body that is not JSON',
      method,
      url,
      cause,
    });
  }
  const parsed = validateResponse(schema, json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'unknown issue';
  throw new GoogleUnexpectedResponseError({
    status,
    message: `Google's response did not match the expected shape at ${where}`,
    method,
    url,
    cause: parsed.error,
  });
}

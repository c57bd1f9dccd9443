import { createHash } from 'node:crypto';

/** Opaque page tokens bound to the request they page through, so a token from another query is refused. */
export function encodePageToken(offset: number, requestKey: string): string {
  const binding = createHash('sha256').update(requestKey).digest('base64url').slice(0, 12);
  return Buffer.from(JSON.stringify({ o: offset, b: binding })).toString('base64url');
}

/** The offset a page token stands for; undefined for a token that is malformed or from another query. */
export function decodePageToken(token: string, requestKey: string): number | undefined {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { o, b } = parsed as { o?: unknown; b?: unknown };
    const binding = createHash('sha256').update(requestKey).digest('base64url').slice(0, 12);
    return typeof o === 'number' && Number.isInteger(o) && o >= 0 && b === binding ? o : undefined;
  } catch {
    return undefined;
  }
}

/** Google's page-size rule for Chrome Policy: default 100, at most 1000 (reference §3.1). */
export function pageSizeProblem(pageSize: unknown): string | undefined {
  if (pageSize === undefined) return undefined;
  const value = typeof pageSize === 'string' && /^\d+$/.test(pageSize) ? Number(pageSize) : pageSize;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 1000)
    return 'page_size must be between 0 and 1000.';
  return undefined;
}

export function pageSizeOf(pageSize: unknown): number {
  const value = Number(pageSize ?? 0);
  return value === 0 || Number.isNaN(value) ? 100 : value;
}

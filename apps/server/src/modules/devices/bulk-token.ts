import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The preview token binds a bulk action's start to the preview a person saw: same organization,
 * same member, same action, same set of devices, within 10 minutes. It is an HMAC under a key
 * derived from the server's secret, so every server process on one database accepts it.
 */

export const PREVIEW_TOKEN_TTL_MS = 10 * 60_000;

export interface PreviewClaims {
  readonly orgId: string;
  readonly userId: string;
  /** Hash of the action's canonical JSON. */
  readonly action: string;
  /** Hash of the sorted device ids. */
  readonly devices: string;
  readonly count: number;
  readonly exp: number;
}

/** Why: the key is derived once from the server secret and never used for anything else. */
export function previewTokenKey(serverSecret: string): Buffer {
  return createHmac('sha256', serverSecret).update('fleetdeck bulk action preview v1').digest();
}

/** Why: the same value for the same set, whatever order the ids came in. */
export function hashDeviceSet(deviceIds: readonly string[]): string {
  const hash = createHash('sha256');
  for (const id of [...deviceIds].sort()) hash.update(id).update('\n');
  return hash.digest('base64url');
}

/** Why: key order in the client's JSON must not change the hash of an action. */
export function hashAction(action: unknown): string {
  return createHash('sha256').update(canonicalJson(action)).digest('base64url');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function signPreviewToken(key: Buffer, claims: PreviewClaims): string {
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const mac = createHmac('sha256', key).update(body).digest('base64url');
  return `${body}.${mac}`;
}

/** Returns the claims of a genuine, unexpired token, else undefined. */
export function verifyPreviewToken(key: Buffer, token: string, now = Date.now()): PreviewClaims | undefined {
  const [body, mac] = token.split('.');
  if (!body || !mac) return undefined;
  const expected = createHmac('sha256', key).update(body).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as PreviewClaims;
    return typeof claims.exp === 'number' && claims.exp > now ? claims : undefined;
  } catch {
    return undefined;
  }
}

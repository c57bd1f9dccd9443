import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** One user's consent to one client: the scopes granted so far and the refresh tokens it issued. */
export interface Grant {
  id: string;
  email: string;
  clientId: string;
  scopes: Set<string>;
  createdAt: number;
  refreshTokens: string[];
}

export interface AccessTokenRecord {
  token: string;
  grantId: string;
  email: string;
  clientId: string;
  scopes: readonly string[];
  issuedAt: number;
  expiresAt: number;
}

export interface RefreshTokenRecord {
  token: string;
  grantId: string;
  scopes: readonly string[];
  issuedAt: number;
}

export interface AuthorizationCodeRecord {
  code: string;
  email: string;
  clientId: string;
  redirectUri: string;
  scopes: readonly string[];
  nonce?: string;
  codeChallenge?: string;
  codeChallengeMethod?: 'S256' | 'plain';
  offline: boolean;
  forceConsent: boolean;
  expiresAt: number;
  used: boolean;
  /** Tokens issued from this code, revoked if the code is replayed (RFC 6749 §4.1.2). */
  issued: string[];
}

/** Google keeps at most 100 refresh tokens per account per client; the 101st evicts the oldest. */
export const REFRESH_TOKENS_PER_GRANT = 100;

function opaque(prefix: string, bytes: number): string {
  return `${prefix}${randomBytes(bytes).toString('base64url')}`;
}

export interface GrantStore {
  activeGrant(email: string, clientId: string): Grant | undefined;
  openGrant(email: string, clientId: string, scopes: readonly string[]): Grant;
  grantById(id: string): Grant | undefined;
  allGrants(): Grant[];
  issueAccess(grant: Grant, scopes: readonly string[], ttlMs: number): AccessTokenRecord;
  issueRefresh(grant: Grant, scopes: readonly string[]): RefreshTokenRecord;
  access(token: string): AccessTokenRecord | undefined;
  refresh(token: string): RefreshTokenRecord | undefined;
  revoke(grant: Grant): void;
  expireAccess(email?: string): number;
  saveCode(record: Omit<AuthorizationCodeRecord, 'code' | 'used' | 'issued'>): AuthorizationCodeRecord;
  code(code: string): AuthorizationCodeRecord | undefined;
}

/** What a grants file holds: the consents and their refresh tokens (access tokens live an hour). */
interface SavedGrants {
  readonly version: 1;
  readonly grants: (Omit<Grant, 'scopes'> & { scopes: string[] })[];
  readonly refreshTokens: RefreshTokenRecord[];
}

/** The store's in-memory tables. */
interface GrantTables {
  readonly grants: Map<string, Grant>;
  /** Grant id by lower-cased email and client id. */
  readonly grantByKey: Map<string, string>;
  readonly accessTokens: Map<string, AccessTokenRecord>;
  readonly refreshTokens: Map<string, RefreshTokenRecord>;
  readonly codes: Map<string, AuthorizationCodeRecord>;
}

const grantKey = (email: string, clientId: string) => `${email.toLowerCase()}\u0000${clientId}`;

/**
 * Token bookkeeping; `now` is the emulator clock in milliseconds. With `file`, consents and refresh
 * tokens are read from it at start and written to it on every change, so a restarted emulator still
 * honours the grants it gave, as Google does; without it, all is in memory.
 */
export function createGrantStore(now: () => number, file?: string): GrantStore {
  const tables: GrantTables = {
    grants: new Map(),
    grantByKey: new Map(),
    accessTokens: new Map(),
    refreshTokens: new Map(),
    codes: new Map(),
  };
  if (file !== undefined) restoreGrants(tables, loadGrants(file));
  const save = () => {
    if (file !== undefined) saveGrants(tables, file);
  };
  return {
    ...grantMethods(tables, now, save),
    ...tokenMethods(tables, now, save),
    ...codeMethods(tables),
  };
}

/** Fills the tables from a grants file (refresh tokens of a grant it no longer holds are dropped). */
function restoreGrants(tables: GrantTables, saved: SavedGrants): void {
  for (const grant of saved.grants) {
    tables.grants.set(grant.id, { ...grant, scopes: new Set(grant.scopes) });
    tables.grantByKey.set(grantKey(grant.email, grant.clientId), grant.id);
  }
  for (const record of saved.refreshTokens) {
    if (tables.grants.has(record.grantId)) tables.refreshTokens.set(record.token, record);
  }
}

/** Writes the consents and refresh tokens, atomically (a temporary file renamed over the old one). */
function saveGrants(tables: GrantTables, file: string): void {
  const saved: SavedGrants = {
    version: 1,
    grants: [...tables.grants.values()].map((grant) => ({ ...grant, scopes: [...grant.scopes] })),
    refreshTokens: [...tables.refreshTokens.values()],
  };
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp`, JSON.stringify(saved), { mode: 0o600 });
  renameSync(`${file}.tmp`, file);
}

/** Consents: find, open or widen, list and revoke (revoking drops every token it issued). */
function grantMethods(
  tables: GrantTables,
  now: () => number,
  save: () => void,
): Pick<GrantStore, 'activeGrant' | 'openGrant' | 'grantById' | 'allGrants' | 'revoke'> {
  const { grants, grantByKey, accessTokens, refreshTokens } = tables;
  const activeGrant = (email: string, clientId: string) => {
    const id = grantByKey.get(grantKey(email, clientId));
    return id === undefined ? undefined : grants.get(id);
  };
  return {
    activeGrant,
    openGrant(email, clientId, scopes) {
      const grant = activeGrant(email, clientId) ?? {
        id: opaque('g', 12),
        email,
        clientId,
        scopes: new Set<string>(),
        createdAt: now(),
        refreshTokens: [],
      };
      for (const scope of scopes) grant.scopes.add(scope);
      grants.set(grant.id, grant);
      grantByKey.set(grantKey(email, clientId), grant.id);
      save();
      return grant;
    },
    grantById: (id) => grants.get(id),
    allGrants: () => [...grants.values()],
    revoke(grant) {
      grants.delete(grant.id);
      if (grantByKey.get(grantKey(grant.email, grant.clientId)) === grant.id)
        grantByKey.delete(grantKey(grant.email, grant.clientId));
      for (const token of grant.refreshTokens) refreshTokens.delete(token);
      for (const [token, record] of accessTokens) if (record.grantId === grant.id) accessTokens.delete(token);
      save();
    },
  };
}

/** Access and refresh tokens: issue, look up (only while their grant stands) and expire. */
function tokenMethods(
  tables: GrantTables,
  now: () => number,
  save: () => void,
): Pick<GrantStore, 'issueAccess' | 'issueRefresh' | 'access' | 'refresh' | 'expireAccess'> {
  const { grants, accessTokens, refreshTokens } = tables;
  return {
    issueAccess(grant, scopes, ttlMs) {
      const issuedAt = now();
      const record: AccessTokenRecord = {
        token: opaque('ya29.a0', 48),
        grantId: grant.id,
        email: grant.email,
        clientId: grant.clientId,
        scopes: [...scopes],
        issuedAt,
        expiresAt: issuedAt + ttlMs,
      };
      accessTokens.set(record.token, record);
      return record;
    },
    issueRefresh(grant, scopes) {
      const record: RefreshTokenRecord = {
        token: opaque('1//0', 48),
        grantId: grant.id,
        scopes: [...scopes],
        issuedAt: now(),
      };
      refreshTokens.set(record.token, record);
      grant.refreshTokens.push(record.token);
      while (grant.refreshTokens.length > REFRESH_TOKENS_PER_GRANT) {
        const oldest = grant.refreshTokens.shift();
        if (oldest !== undefined) refreshTokens.delete(oldest);
      }
      save();
      return record;
    },
    access(token) {
      const record = accessTokens.get(token);
      if (record === undefined || !grants.has(record.grantId)) return undefined;
      return record.expiresAt > now() ? record : undefined;
    },
    refresh(token) {
      const record = refreshTokens.get(token);
      return record !== undefined && grants.has(record.grantId) ? record : undefined;
    },
    expireAccess(email) {
      let count = 0;
      const at = now();
      for (const record of accessTokens.values()) {
        if (email !== undefined && record.email.toLowerCase() !== email.toLowerCase()) continue;
        if (record.expiresAt > at) count += 1;
        record.expiresAt = Math.min(record.expiresAt, at);
      }
      return count;
    },
  };
}

/** Authorization codes: issued once, looked up at the token endpoint. */
function codeMethods(tables: GrantTables): Pick<GrantStore, 'saveCode' | 'code'> {
  return {
    saveCode(fields) {
      const record: AuthorizationCodeRecord = {
        ...fields,
        code: opaque('4/0A', 40),
        used: false,
        issued: [],
      };
      tables.codes.set(record.code, record);
      return record;
    },
    code: (code) => tables.codes.get(code),
  };
}

function loadGrants(file: string): SavedGrants {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return { version: 1, grants: [], refreshTokens: [] }; // first start
  }
  const saved = JSON.parse(text) as Partial<SavedGrants>;
  if (saved.version !== 1)
    throw new Error(`${file} is not a grants file of this emulator; delete it to start over`);
  return { version: 1, grants: saved.grants ?? [], refreshTokens: saved.refreshTokens ?? [] };
}

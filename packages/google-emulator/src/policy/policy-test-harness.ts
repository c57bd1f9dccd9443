import Fastify, { type FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { createOAuthService, type OAuthService } from '../oauth/oauth-service.ts';
import { SCOPES } from '../oauth/scopes.ts';
import type { EmulatorOrgUnit } from '../state/org-units.ts';
import { policyPlugin } from './plugin.ts';

/* Shared by the Chrome Policy tests: a district with three schools and two grades, and request helpers. */

export const CUSTOMER = 'C01abcdef';
export const ORG_UNITS: EmulatorOrgUnit[] = [
  { orgUnitId: '03ph8a2z0root', orgUnitPath: '/', name: 'Springfield USD' },
  {
    orgUnitId: '03ph8a2zjeff',
    orgUnitPath: '/Jefferson High',
    parentOrgUnitId: '03ph8a2z0root',
    name: 'Jefferson High',
  },
  {
    orgUnitId: '03ph8a2zlinc',
    orgUnitPath: '/Lincoln Elementary',
    parentOrgUnitId: '03ph8a2z0root',
    name: 'Lincoln Elementary',
  },
  {
    orgUnitId: '03ph8a2zwash',
    orgUnitPath: '/Washington Middle',
    parentOrgUnitId: '03ph8a2z0root',
    name: 'Washington Middle',
  },
  {
    orgUnitId: '03ph8a2zg3',
    orgUnitPath: '/Lincoln Elementary/Grade 3',
    parentOrgUnitId: '03ph8a2zlinc',
    name: 'Grade 3',
  },
  {
    orgUnitId: '03ph8a2zg4',
    orgUnitPath: '/Lincoln Elementary/Grade 4',
    parentOrgUnitId: '03ph8a2zlinc',
    name: 'Grade 4',
  },
];
export const ROOT = 'orgunits/03ph8a2z0root';
export const LINCOLN = 'orgunits/03ph8a2zlinc';
export const GRADE3 = 'orgunits/03ph8a2zg3';
export const GRADE4 = 'orgunits/03ph8a2zg4';

export interface TargetKey {
  targetResource: string;
  additionalTargetKeys?: Record<string, string>;
}

export interface Resolved {
  targetKey: TargetKey;
  sourceKey: TargetKey;
  addedSourceKey?: TargetKey;
  value: { policySchema: string; value: Record<string, unknown> };
}

export interface SchemaList {
  policySchemas: Array<{ schemaName: string }>;
  nextPageToken?: string;
}

export let app: FastifyInstance;
export let oauth: OAuthService;
export let writer: string;
export let reader: string;

/** Builds a bare Fastify app with the policy plugin; call from `beforeAll`. */
export async function setup(): Promise<void> {
  oauth = createOAuthService({
    issuer: () => 'http://emulator.test',
    domain: 'springfield.example',
    customerId: CUSTOMER,
  });
  app = Fastify();
  await app.register(policyPlugin, { oauth, customerId: CUSTOMER, orgUnits: () => ORG_UNITS });
  writer = oauth.mintAccessToken({ email: 'sysadmin@springfield.example', scopes: [SCOPES.policy] });
  reader = oauth.mintAccessToken({ email: 'librarian@springfield.example', scopes: [SCOPES.policyReadonly] });
}

export async function teardown(): Promise<void> {
  await app.close();
}

export function post(path: string, payload: unknown, token = writer) {
  return app.inject({
    method: 'POST',
    url: `/v1/customers/my_customer/${path}`,
    headers: { authorization: `Bearer ${token}` },
    payload: payload as object,
  });
}

export async function resolve(filter: string, target: string, extra: Record<string, unknown> = {}) {
  const response = await post('policies:resolve', {
    policySchemaFilter: filter,
    policyTargetKey: { targetResource: target },
    ...extra,
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ resolvedPolicies?: Resolved[]; nextPageToken?: string }>();
}

export const bySchema = (policies: Resolved[] | undefined, name: string) =>
  policies?.find((policy) => policy.value.policySchema === name);

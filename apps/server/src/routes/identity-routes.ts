import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import type { AccessChangedListener } from '../modules/identity/access-changes.ts';
import type { Identity } from '../modules/identity/identity-plugin.ts';
import { enforceAuthentication } from '../modules/identity/request-guards.ts';
import { accessRequestRoutes } from './access-requests.ts';
import { apiTokenRoutes } from './api-tokens.ts';
import { auditRoutes } from './audit.ts';
import { authSessionRoutes, SECOND_FACTOR_EXEMPT_ROUTES } from './auth-session.ts';
import { devOutboxRoutes } from './dev-outbox.ts';
import { onboardingRoutes } from './onboarding.ts';
import { organizationRoutes } from './organizations.ts';
import { stepUpRoutes } from './step-up.ts';

interface Options {
  readonly identity: Identity;
  readonly config: Config;
  readonly database: Database;
  /** Told when a member was removed, given another role or units, or signed out. */
  readonly onAccessChanged?: AccessChangedListener | undefined;
}

/**
 * Why: the authenticated product API is one Fastify scope; every route registered inside it
 * (identity's own and, through `register`, every other module's) requires a session or JWT.
 */
export async function registerProductApi(
  app: FastifyInstance,
  options: Options,
  register: (api: FastifyInstance) => Promise<void> = async () => undefined,
): Promise<void> {
  const { identity, config, database, onAccessChanged } = options;
  await app.register(async (api) => {
    enforceAuthentication(api, {
      authenticate: (request, reply) => identity.authenticate(request, reply),
      publicUrl: config.publicUrl,
      allowPendingSecondFactor: SECOND_FACTOR_EXEMPT_ROUTES,
    });
    await api.register(authSessionRoutes, { identity, database, onAccessChanged });
    await api.register(stepUpRoutes, { identity, database });
    await api.register(onboardingRoutes, { identity, database, config });
    await api.register(organizationRoutes, { identity, database, config, onAccessChanged });
    await api.register(accessRequestRoutes, { identity, database, config });
    await api.register(auditRoutes, { database });
    await api.register(apiTokenRoutes, { identity, database });
    await register(api);
  });
  if (devOutboxEnabled(config)) await app.register(devOutboxRoutes, { database });
}

/**
 * The development outbox shows sign-in codes to anyone who can reach it, so it exists only
 * without SMTP, and in production only while Fleetdeck answers on this machine alone.
 */
export function devOutboxEnabled(config: Config): boolean {
  if (config.mail.smtpUrl) return false;
  if (config.env !== 'production') return true;
  const host = new URL(config.publicUrl).hostname;
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
}

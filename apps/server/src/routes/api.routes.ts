import { isIPv4 } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env.ts';
import type { AccessChangedListener } from '../modules/identity/access-changes.ts';
import { enforceAuthentication } from '../modules/identity/request-guards.ts';
import type { OnboardingDependencies } from '../modules/organizations/onboarding.service.ts';
import { accessRequestRoutes } from './access-requests.routes.ts';
import { apiTokenRoutes } from './api-tokens.routes.ts';
import { auditRoutes } from './audit.routes.ts';
import { authSessionRoutes, SECOND_FACTOR_EXEMPT_ROUTES } from './auth-session.routes.ts';
import { devOutboxRoutes } from './dev-outbox.routes.ts';
import { onboardingRoutes } from './onboarding.routes.ts';
import { organizationRoutes } from './organizations.routes.ts';
import { stepUpRoutes } from './step-up.routes.ts';

/** The identity module, the configuration and the database handle the services are given. */
interface Options extends OnboardingDependencies {
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
  const { identity, config, db, onAccessChanged } = options;
  await app.register(async (api) => {
    enforceAuthentication(api, {
      authenticate: (request, reply) => identity.authenticate(request, reply),
      publicUrl: config.publicUrl,
      allowPendingSecondFactor: SECOND_FACTOR_EXEMPT_ROUTES,
    });
    await api.register(authSessionRoutes, { identity, db, onAccessChanged });
    await api.register(stepUpRoutes, { identity, db });
    await api.register(onboardingRoutes, { identity, db, config });
    await api.register(organizationRoutes, { identity, db, config, onAccessChanged });
    await api.register(accessRequestRoutes, { identity, db, config });
    await api.register(auditRoutes, { db });
    await api.register(apiTokenRoutes, { identity, db });
    await register(api);
  });
  if (devOutboxEnabled(config)) {
    await app.register(devOutboxRoutes, { db });
    if (config.env === 'production' && config.google.clientId)
      app.log.warn(
        { host: config.host },
        'no SMTP_URL: mail goes to the development outbox at /api/dev/outbox, readable without signing in by anyone who reaches this address (a reverse proxy included); set SMTP_URL',
      );
  } else if (!config.mail.smtpUrl) {
    app.log.warn(
      { host: config.host },
      'no SMTP_URL and HOST is not a loopback address: the development outbox is off, so sign-in codes, invitations and password resets reach nobody; set SMTP_URL',
    );
  }
}

/**
 * The development outbox shows sign-in codes to anyone who can reach it, so it exists only
 * without SMTP and only while the server listens on a loopback address (127.0.0.0/8, ::1,
 * localhost), whatever the environment. Decided by where the server listens, never by PUBLIC_URL,
 * which names a host without saying who can reach the server.
 */
export function devOutboxEnabled(config: Pick<Config, 'host' | 'mail'>): boolean {
  if (config.mail.smtpUrl) return false;
  return isLoopbackHost(config.host);
}

/** Whether listening on `host` (config HOST) answers this machine alone. */
export function isLoopbackHost(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (name === 'localhost' || name === '::1' || name === '0:0:0:0:0:0:0:1') return true;
  const ipv4 = name.startsWith('::ffff:') ? name.slice('::ffff:'.length) : name;
  return isIPv4(ipv4) && ipv4.split('.')[0] === '127';
}

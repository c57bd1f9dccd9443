import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { toNodeHandler } from 'better-auth/node';
import { LIMITS } from '@fleetdeck/shared/limits';
import type { Config } from '../../config/env.ts';
import { refuseRawBody, refuseValue } from '../../plugins/input-guard.ts';
import type { Database } from '../../db/client.ts';
import { recordAudit, type AuditEvent } from '../audit/audit-log.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createOutboxMailer } from '../mail/outbox-mailer.ts';
import { createSmtpMailer } from '../mail/smtp-mailer.ts';
import { resolveAuthSecret } from './auth-secret.ts';
import { CLIENT_IP_HEADER_NAME } from './client-ip.ts';
import { createGoogleTokenSource, type GoogleTokenSource } from './google-access-token.ts';
import { createIdentityAuth, IDENTITY_BASE_PATH, type IdentityAuth } from './identity-auth.ts';
import { createJwtVerifier } from './jwt-verifier.ts';
import { resolvePrincipal, type Principal } from './principal.ts';

export interface RouteEntry {
  readonly method: string;
  readonly url: string;
}

/** What the rest of the server uses from identity. */
export interface Identity {
  readonly auth: IdentityAuth;
  readonly mailer: Mailer;
  readonly google: GoogleTokenSource;
  /** Every route registered after identity, so tests can prove each product route authenticates. */
  readonly routes: readonly RouteEntry[];
  authenticate(request: FastifyRequest, reply: FastifyReply): Promise<Principal | undefined>;
  audit(event: AuditEvent): Promise<void>;
}

export interface IdentityDependencies {
  readonly config: Config;
  readonly database: Database;
  /** Replaces SMTP or the outbox, e.g. to observe mail in a test. */
  readonly mailer?: Mailer | undefined;
}

/**
 * Mounts better-auth at /api/identity by handing it the raw Node request before Fastify parses
 * the body (form posts and JSON alike; the documented Fastify bridge re-serialises bodies and
 * breaks form posts), publishes the JWKS at /.well-known/jwks.json, and returns the resolvers.
 */
export async function registerIdentity(app: FastifyInstance, deps: IdentityDependencies): Promise<Identity> {
  const { config, database } = deps;
  const db = database.db;
  const mailer =
    deps.mailer ??
    (config.mail.smtpUrl ? createSmtpMailer(config.mail.smtpUrl, config.mail.from) : createOutboxMailer(db));
  const audit = async (event: AuditEvent) => {
    try {
      await recordAudit(db, event);
    } catch (error) {
      app.log.error({ err: error, action: event.action }, 'could not write the audit log');
    }
  };
  const { secret, source } = await resolveAuthSecret(db, config, app.log);
  app.log.info(
    source.kind === 'environment' ? { authSecret: 'AUTH_SECRET' } : { authSecret: source.path },
    source.kind === 'environment'
      ? 'sessions and Google grants are protected by AUTH_SECRET'
      : `sessions and Google grants are protected by the generated key file ${source.path}: keep it apart from backups of the database`,
  );
  const auth = await createIdentityAuth({ config, db, secret, mailer, events: { audit }, log: app.log });
  const origin = new URL(config.publicUrl).origin;
  const verifyJwt = createJwtVerifier(async () => auth.api.getJwks(), origin);
  const google = createGoogleTokenSource({
    auth,
    db,
    config,
    onReconsentRequired: async (orgId) => {
      await audit({
        action: 'google.reconsent_required',
        outcome: 'failure',
        orgId,
        details: { reason: 'invalid_grant' },
      });
      await mailOwnersGrantRefused(db, mailer, config.publicUrl, orgId).catch((error: unknown) =>
        app.log.error({ err: error }, 'could not mail the owners about the refused Google grant'),
      );
    },
  });

  mountBetterAuth(app, auth);

  const routes: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });

  const identity: Identity = {
    auth,
    mailer,
    google,
    routes,
    audit,
    authenticate: (request, reply) => resolvePrincipal({ auth, db, verifyJwt, audit }, request, reply),
  };
  registry.set(app, identity);
  return identity;
}

/**
 * Why: better-auth reads the raw Node request itself; only the client address and Fleetdeck's
 * input checks come first. Also publishes the JWKS that verifies the session JWTs.
 */
function mountBetterAuth(app: FastifyInstance, auth: IdentityAuth): void {
  const handle = toNodeHandler(auth);
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path !== IDENTITY_BASE_PATH && !path.startsWith(`${IDENTITY_BASE_PATH}/`)) return;
    // better-auth rate-limits by client address: give it the one Fastify trusts, never the caller's claim.
    request.raw.headers[CLIENT_IP_HEADER_NAME] = request.ip;
    // Control characters, lone surrogates and deep nesting answer 400 here, as on every route.
    const refusal =
      refuseValue(request.query, 'query parameter', false) ??
      (await refuseRawBody(request.raw, LIMITS.bodyBytes));
    if (refusal) {
      return reply
        .code(refusal.status)
        .header('cache-control', 'no-store')
        .send({ ...refusal, requestId: request.id });
    }
    reply.hijack();
    reply.raw.setHeader('cache-control', 'no-store');
    reply.raw.setHeader('x-request-id', request.id);
    await handle(request.raw, reply.raw);
  });
  app.get('/.well-known/jwks.json', async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(await auth.api.getJwks()),
  );
}

/** Why: a refused grant stops every sync and action; the owners hear it once, when it happens. */
async function mailOwnersGrantRefused(db: Database['db'], mailer: Mailer, publicUrl: string, orgId: string) {
  const owners = await db
    .selectFrom('org_member')
    .innerJoin('user', 'user.id', 'org_member.user_id')
    .innerJoin('org', 'org.id', 'org_member.org_id')
    .select(['user.email', 'org.name'])
    .where('org_member.org_id', '=', orgId)
    .where('org_member.role', '=', 'owner')
    .execute();
  for (const owner of owners)
    await mailer.send({
      to: owner.email,
      subject: `Google refused Fleetdeck's access to ${owner.name}`,
      text: `Google refused the grant ${owner.name} runs on in Fleetdeck (it was revoked, or its admin lost rights). Syncs and device actions stop until an owner reconnects; nothing is retried and your data is kept. Reconnect in Settings, Google:`,
      link: `${publicUrl}/settings/google`,
    });
}

const registry = new WeakMap<FastifyInstance, Identity>();

/** Why: jobs and tests reach the Google token source and better-auth of a built app. */
export function identityOf(app: FastifyInstance): Identity {
  const identity = registry.get(app);
  if (!identity) throw new Error('identity is not registered on this app');
  return identity;
}

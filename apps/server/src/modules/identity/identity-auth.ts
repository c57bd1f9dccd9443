import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { getMigrations } from 'better-auth/db/migration';
import { emailOTP, genericOAuth, jwt, twoFactor } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config/env.ts';
import type { DB } from '../../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { mailTemplates } from '../mail/mail-templates.ts';
import { createIdentityHooks, type IdentityEvents } from './identity-hooks.ts';
import { GOOGLE_SIGN_IN_SCOPES } from './google-scopes.ts';
import { validateGoogleUser } from './google-user-policy.ts';
import { SESSION_POLICY } from './session-policy.ts';
import { CLIENT_IP_HEADER_NAME } from './client-ip.ts';
import { LOCAL_GOOGLE_CLIENT } from './google-client-credentials.ts';
import { PASSWORD_LENGTH } from '@fleetdeck/shared/limits';

export const IDENTITY_BASE_PATH = '/api/identity';

export interface IdentityAuthDependencies {
  readonly config: Config;
  readonly db: Kysely<DB>;
  readonly secret: string;
  readonly mailer: Mailer;
  readonly events: IdentityEvents;
  /** better-auth's own log lines go to Fastify's logger (and its level), not the console. */
  readonly log: FastifyBaseLogger;
}

type Send = (message: Parameters<Mailer['send']>[0]) => Promise<void>;

/** Password accounts: verified address first, a 30-minute reset link, every session ended on reset. */
function passwordSignIn(send: Send, events: IdentityEvents) {
  return {
    enabled: true,
    minPasswordLength: PASSWORD_LENGTH.min,
    maxPasswordLength: PASSWORD_LENGTH.max,
    requireEmailVerification: true,
    revokeSessionsOnPasswordReset: true,
    resetPasswordTokenExpiresIn: 30 * 60,
    sendResetPassword: async ({ user, url }) => send(mailTemplates.resetPassword(user.email, url)),
    // Nobody is signed in when a reset link or code is used: only here does better-auth say whose
    // password it was, so the successful reset is audited here, with its owner as the actor (the
    // hooks audit only a refused one).
    onPasswordReset: async ({ user }, request) =>
      events.audit({
        action: 'auth.password_reset',
        outcome: 'success',
        actorUserId: user.id,
        actorLabel: user.email,
        ip: request?.headers.get(CLIENT_IP_HEADER_NAME) ?? undefined,
        userAgent: request?.headers.get('user-agent')?.slice(0, 512) ?? undefined,
      }),
  } satisfies BetterAuthOptions['emailAndPassword'];
}

/** Why: one code path for the emulator and real Google: both publish a discovery document. */
function googleSignIn(config: Config) {
  return genericOAuth({
    config: [
      {
        providerId: 'google',
        discoveryUrl: `${config.google.issuerUrl}/.well-known/openid-configuration`,
        clientId: config.google.clientId ?? LOCAL_GOOGLE_CLIENT.id,
        clientSecret: config.google.clientSecret ?? LOCAL_GOOGLE_CLIENT.secret,
        scopes: [...GOOGLE_SIGN_IN_SCOPES],
        accessType: 'offline',
        prompt: 'consent',
        pkce: true,
        authorizationUrlParams: { include_granted_scopes: 'true' },
      },
    ],
  });
}

/** Six-digit codes by mail, for sign-in and address checks: hashed at rest, three tries, five minutes. */
function signInCodes(send: Send) {
  return emailOTP({
    otpLength: 6,
    expiresIn: 300,
    allowedAttempts: 3,
    storeOTP: 'hashed',
    sendVerificationOTP: async ({ email, otp, type }) => send(mailTemplates.signInCode(email, otp, type)),
  });
}

/** The short-lived JWTs for this origin, signed with rotating Ed25519 keys. */
function sessionTokens(origin: string) {
  return jwt({
    jwks: {
      keyPairConfig: { alg: 'EdDSA', crv: 'Ed25519' },
      rotationInterval: SESSION_POLICY.jwtKeyRotationSeconds,
      gracePeriod: SESSION_POLICY.jwtKeyGraceSeconds,
    },
    jwt: {
      issuer: origin,
      audience: origin,
      expirationTime: SESSION_POLICY.jwtLifetime,
      definePayload: ({ user, session }) => ({ email: user.email, sid: session.id }),
    },
  });
}

/** Why: one place holds every identity decision; the options are typed by inference for `auth.api`. */
function buildIdentityAuth({ config, db, secret, mailer, events, log }: IdentityAuthDependencies) {
  const origin = new URL(config.publicUrl).origin;
  const send: Send = (message) => mailer.send(message);
  return betterAuth({
    appName: 'Fleetdeck',
    baseURL: config.publicUrl,
    basePath: IDENTITY_BASE_PATH,
    secret,
    // The same Kysely instance as the app: a second route into PGlite inside a transaction deadlocks.
    database: { db: db as unknown as Kysely<Record<string, never>>, type: 'postgres', transaction: true },
    trustedOrigins: [origin],
    telemetry: { enabled: false },
    logger: {
      log: (level, message, ...args) => {
        log[level]({ source: 'identity', details: args.length > 0 ? args.map(String) : undefined }, message);
      },
    },
    // Routes that would hand Google tokens to a browser; the server reads tokens itself.
    disabledPaths: ['/refresh-token', '/get-access-token', '/account-info'],
    emailAndPassword: passwordSignIn(send, events),
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }) => send(mailTemplates.verifyEmail(user.email, url)),
    },
    account: {
      encryptOAuthTokens: true,
      accountLinking: { enabled: true, trustedProviders: [], disableImplicitLinking: true },
    },
    user: {
      deleteUser: { enabled: false },
      validateUserInfo: ({ user, source }) => validateGoogleUser(user, source),
    },
    session: {
      expiresIn: SESSION_POLICY.idleSeconds,
      updateAge: SESSION_POLICY.refreshEverySeconds,
      freshAge: 10 * 60,
      cookieCache: { enabled: false },
      additionalFields: {
        aal: { type: 'string', input: false, required: false, defaultValue: 'aal1' },
      },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 100,
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER_NAME] },
      // Our project rule: session cookies are HttpOnly and SameSite=Lax (Secure on https). The
      // specification's "not HttpOnly" cookie describes Supabase's browser storage; it does not apply.
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
    },
    plugins: [
      googleSignIn(config),
      twoFactor({
        issuer: 'Fleetdeck',
        allowPasswordless: true,
        backupCodeOptions: { storeBackupCodes: 'encrypted' },
        accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 900 },
      }),
      signInCodes(send),
      sessionTokens(origin),
    ],
    hooks: createIdentityHooks(events),
    // Google's ID token is checked from the token response at sign-in and read by nothing later;
    // better-auth would keep it in plaintext (its token encryption leaves it out): never stored.
    databaseHooks: {
      account: {
        create: { before: async (account) => ({ data: { ...account, idToken: null } }) },
        update: { before: async (account) => ({ data: { ...account, idToken: null } }) },
      },
    },
  });
}

export type IdentityAuth = ReturnType<typeof buildIdentityAuth>;

/**
 * Why: better-auth's tables must exist before the first request, on PGlite and PostgreSQL alike;
 * its programmatic migrations only add what is missing, so every start may run them.
 */
export async function createIdentityAuth(deps: IdentityAuthDependencies): Promise<IdentityAuth> {
  const auth = buildIdentityAuth(deps);
  const { runMigrations } = await getMigrations(auth.options);
  await runMigrations();
  await auth.$context;
  return auth;
}

import { z } from 'zod';

const port = z.coerce.number().int().min(0).max(65535);

/** Every environment variable Fleetdeck reads, validated once at boot. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: port.default(3000),
  HOST: z.string().min(1).max(255).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).max(4096).default('./data'),
  DATABASE_URL: z
    .string()
    .max(4096)
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `auto`: readable lines on a terminal, JSON lines otherwise (pipes, files, log collectors). */
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).max(1_000_000).default(600),
  WEB_DIST_DIR: z.string().min(1).max(4096).optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').max(512).optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).max(512).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).max(512).optional(),
  GOOGLE_ISSUER_URL: z.url({ protocol: /^https?$/ }).default('https://accounts.google.com'),
  GOOGLE_API_ROOT_URL: z.url({ protocol: /^https?$/ }).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .max(2048)
    .optional(),
  MAIL_FROM: z.string().min(3).max(320).default('Fleetdeck <no-reply@fleetdeck.invalid>'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  readonly env: Env['NODE_ENV'];
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly logLevel: Env['LOG_LEVEL'];
  /** How the log is written: JSON lines, or readable lines for a person at a terminal. */
  readonly logFormat: 'json' | 'pretty';
  readonly publicUrl: string;
  readonly trustProxy: boolean;
  readonly rateLimitMax: number;
  readonly webDistDir: string | undefined;
  /**
   * Signs sessions and encrypts Google tokens. Unset: generated once into `DATA_DIR/auth-secret.key`
   * (decision 032); required with DATABASE_URL in production.
   */
  readonly authSecret: string | undefined;
  readonly google: {
    readonly clientId: string | undefined;
    readonly clientSecret: string | undefined;
    /** OpenID Connect issuer; its discovery document names the authorize and token endpoints. */
    readonly issuerUrl: string;
    /** One origin for Directory, Chrome Management and Chrome Policy; unset means Google's own hosts. */
    readonly apiRootUrl: string | undefined;
  };
  readonly mail: { readonly smtpUrl: string | undefined; readonly from: string };
}

/** Thrown with one readable message that lists every bad variable at once. */
export class ConfigError extends Error {
  readonly issues: readonly string[];
  constructor(issues: readonly string[]) {
    super(
      `Fleetdeck cannot start: fix these environment variables:\n${issues.map((i) => `  - ${i}`).join('\n')}`,
    );
    this.name = 'ConfigError';
    this.issues = issues;
  }
}

/** Why: a bad deployment should fail at boot with every problem named, not at the first request. */
export function loadConfig(
  source: Record<string, string | undefined> = process.env,
  terminal: boolean = process.stdout.isTTY,
): Config {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([key, value]) => key in envSchema.shape && value !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? '(environment)');
        return `${name}=${JSON.stringify(source[name] ?? '')}: ${issue.message}`;
      }),
    );
  }
  const env = parsed.data;
  if (env.NODE_ENV === 'production' && env.DATABASE_URL && !env.AUTH_SECRET) {
    // A secret generated into one machine's DATA_DIR would differ on every server sharing the database.
    throw new ConfigError([
      `AUTH_SECRET="": required in production with DATABASE_URL. Set it to 32+ random characters (openssl rand -base64 48), the same in every Fleetdeck process on this database, and keep it apart from the database's backups. A database an earlier release generated a secret into: set AUTH_SECRET to that one (psql "$DATABASE_URL" -Atc "select value from server_secret where name = 'identity'"), and Fleetdeck deletes it from the database at start.`,
    ]);
  }
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT === 'auto' ? (terminal ? 'pretty' : 'json') : env.LOG_FORMAT,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    trustProxy: env.TRUST_PROXY,
    rateLimitMax: env.RATE_LIMIT_MAX,
    webDistDir: env.WEB_DIST_DIR,
    authSecret: env.AUTH_SECRET,
    google: {
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
      issuerUrl: env.GOOGLE_ISSUER_URL.replace(/\/+$/, ''),
      apiRootUrl: env.GOOGLE_API_ROOT_URL?.replace(/\/+$/, ''),
    },
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
  };
}

import path from 'node:path';
import { createEmulator, type Emulator } from '@fleetdeck/google-emulator/emulator';

/** Fixed OAuth client of the local Google; the emulator accepts any client, this one names ours. */
const LOCAL_CLIENT = { id: 'fleetdeck-local', secret: 'fleetdeck-local-secret' } as const;

export interface LocalGoogle {
  readonly emulator: Emulator;
  readonly origin: string;
}

/**
 * Why: `npm start` must demonstrate Fleetdeck with no Google account. Unless real Google
 * credentials are configured, a Google emulator with a generated fleet starts beside the server,
 * and the server is pointed at it only through the same base-URL variables a deployment sets.
 */
export async function startLocalGoogleUnlessConfigured(env: NodeJS.ProcessEnv): Promise<LocalGoogle | null> {
  if (env.GOOGLE_CLIENT_ID) return null;
  const size = wholeNumber('FLEET_SIZE', env.FLEET_SIZE, 5000);
  // Like Google, the emulator remembers the consents it gave: a restarted demo keeps syncing.
  const grantsFile = path.resolve(env.DATA_DIR || './data', 'google-emulator-grants.json');
  const emulator = createEmulator({ size, seed: env.FLEET_SEED ?? 1, grantsFile });
  const origin = await emulator.listen(wholeNumber('EMULATOR_PORT', env.EMULATOR_PORT, 4010), '127.0.0.1');
  env.GOOGLE_ISSUER_URL = origin;
  env.GOOGLE_API_ROOT_URL = origin;
  env.GOOGLE_CLIENT_ID = LOCAL_CLIENT.id;
  env.GOOGLE_CLIENT_SECRET = LOCAL_CLIENT.secret;
  const admins = emulator.oauth.admins().map((admin) => admin.email);
  process.stdout.write(
    `Google emulator on ${origin}: ${emulator.state.fleet.size} generated devices (FLEET_SIZE, FLEET_SEED).\n` +
      `Sign in with one of: ${admins.join(', ')}\n`,
  );
  return { emulator, origin };
}

function wholeNumber(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(`${name} must be a whole number, got ${JSON.stringify(text)}`);
  }
  return value;
}

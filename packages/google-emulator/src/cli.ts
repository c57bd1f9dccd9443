/**
 * Standalone emulator: `npm run emulator -- --size 100000 --port 4010 --seed 1`.
 * Prints one line with the origin to use as every Google base URL, then serves until stopped.
 */
import { parseArgs } from 'node:util';
import { createEmulator } from './emulator.ts';
import { FLEET_SIZE } from './state/fleet-generator.ts';

const HELP = `Usage: npm run emulator -- [options]
  --size <n>                     devices to generate, ${FLEET_SIZE.min}-${FLEET_SIZE.max} (default ${FLEET_SIZE.default})
  --seed <n|text>                fleet seed (default 1)
  --port <n>                     port, 0 for any free one (default 4010)
  --host <addr>                  address to bind (default 127.0.0.1)
  --now <iso|ms>                 start a frozen clock at this instant (default: real time)
  --page-token-ttl-ms <ms>       page-token lifetime (default 3600000)
  --access-token-ttl-seconds <s> access-token lifetime (default 3600)
  --log                          log every request`;

function main(): void {
  const { values } = parseArgs({
    options: {
      size: { type: 'string' },
      seed: { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      now: { type: 'string' },
      'page-token-ttl-ms': { type: 'string' },
      'access-token-ttl-seconds': { type: 'string' },
      log: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const number = (name: string, text: string | undefined, fallback: number): number => {
    if (text === undefined) return fallback;
    const value = Number(text);
    if (!Number.isInteger(value) || value < 0)
      throw new Error(`--${name} must be a whole number, got ${text}`);
    return value;
  };
  const size = number('size', values.size, FLEET_SIZE.default);
  const now =
    values.now === undefined
      ? undefined
      : /^\d+$/.test(values.now)
        ? Number(values.now)
        : Date.parse(values.now);
  if (now !== undefined && Number.isNaN(now))
    throw new Error(`--now must be an ISO date or epoch milliseconds`);
  const started = performance.now();
  const emulator = createEmulator({
    size,
    seed: values.seed ?? 1,
    pageTokenTtlMs: number('page-token-ttl-ms', values['page-token-ttl-ms'], 3_600_000),
    accessTokenTtlSeconds: number('access-token-ttl-seconds', values['access-token-ttl-seconds'], 3_600),
    logger: values.log ?? false,
    ...(now !== undefined ? { now } : {}),
  });
  const generationMs = Math.round(performance.now() - started);
  const stop = () => {
    void emulator.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  void emulator.listen(number('port', values.port, 4010), values.host ?? '127.0.0.1').then((origin) => {
    const { customer, fleet } = emulator.state;
    console.log(
      `Google emulator listening on ${origin} (${fleet.size} devices, seed ${fleet.seed}, customer ${customer.id} ${customer.domain}, generated in ${generationMs} ms)`,
    );
    console.log(
      `Sign in as ${emulator.oauth
        .admins()
        .map((a) => a.email)
        .join(', ')}`,
    );
  });
}

try {
  main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  console.error(HELP);
  process.exit(2);
}

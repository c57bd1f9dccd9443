/**
 * The emulator's own control API under `/__emulator` (plain JSON, never faulted): reset, reseed,
 * enrolling new devices, latency, injected faults, quotas, the clock, page-token expiry, counters
 * and a fleet summary.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { FLEET_SIZE } from '../state/fleet-generator.ts';
import { DEVICE_STATUSES } from '../state/device-table.ts';
import type { EmulatorState } from '../state/emulator-state.ts';
import { FAULT_STATUSES } from './fault-injector.ts';

const api = z.enum(['directory', 'management', 'policy', 'all']).default('all');

const schemas = {
  reseed: z.object({
    size: z.number().int().min(FLEET_SIZE.min).max(FLEET_SIZE.max).optional(),
    seed: z
      .union([
        z
          .number()
          .int()
          .min(0)
          .max(2 ** 32 - 1),
        z.string().min(1).max(100),
      ])
      .optional(),
  }),
  enroll: z.object({ count: z.number().int().min(1).max(1_000) }),
  latency: z.object({ ms: z.number().int().min(0).max(60_000), api }),
  fault: z
    .object({
      status: z
        .number()
        .int()
        .refine((s) => (FAULT_STATUSES as readonly number[]).includes(s), {
          message: `status must be one of ${FAULT_STATUSES.join(', ')}`,
        }),
      api,
      count: z.number().int().min(1).max(100_000).optional(),
      rate: z.number().min(0).max(1).optional(),
      reason: z.string().min(1).max(60).optional(),
      path: z.string().min(1).max(200).optional(),
    })
    .refine((f) => (f.count === undefined) !== (f.rate === undefined), {
      message: 'give exactly one of count or rate',
    }),
  quota: z.object({ requestsPerMinute: z.number().int().min(0).max(1_000_000), api }),
  writeQuota: z.object({
    writesPerMinute: z.number().int().min(0).max(1_000_000),
    windowMs: z.number().int().min(100).max(3_600_000).optional(),
  }),
  advance: z.object({
    ms: z
      .number()
      .int()
      .min(0)
      .max(10 * 365 * 86_400_000),
  }),
  freeze: z.object({ at: z.union([z.number().int(), z.iso.datetime()]).optional() }),
  ttl: z.object({
    ttlMs: z
      .number()
      .int()
      .min(1)
      .max(7 * 86_400_000),
  }),
};

function parse<T>(schema: z.ZodType<T>, body: unknown, reply: FastifyReply): T | undefined {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  void reply.code(400).send({ error: 'invalid_request', message: z.prettifyError(result.error) });
  return undefined;
}

/** Registers the whole control API, one group of routes per concern. */
export function registerControlRoutes(app: FastifyInstance, getState: () => EmulatorState): void {
  registerFleetRoutes(app, getState);
  registerFaultRoutes(app, getState);
  registerWriteQuotaRoutes(app, getState);
  registerClockRoutes(app, getState);
  registerPageTokenRoutes(app, getState);
  registerCounterRoutes(app, getState);
}

/** The clock as the control API reports it. */
function clockView(state: EmulatorState) {
  return {
    now: new Date(state.now()).toISOString(),
    epochMs: state.now(),
    frozen: state.clock.frozen,
  };
}

/** Devices per status, for the summary. */
function countByStatus(state: EmulatorState): Record<string, number> {
  const fleet = state.fleet;
  const byStatus: Record<string, number> = {};
  for (let i = 0; i < fleet.devices.count; i++) {
    const status = DEVICE_STATUSES[fleet.devices.status[i] ?? 0] as string;
    byStatus[status] = (byStatus[status] ?? 0) + 1;
  }
  return byStatus;
}

/** The summary, a sample of devices, enrolling, reset and reseed. */
function registerFleetRoutes(app: FastifyInstance, getState: () => EmulatorState): void {
  app.get('/__emulator', async () => {
    const state = getState();
    const fleet = state.fleet;
    return {
      customer: { id: state.customer.id, domain: state.customer.domain, name: state.customer.name },
      fleet: {
        seed: fleet.seed,
        size: fleet.size,
        generatedAt: new Date(fleet.anchor).toISOString(),
        orgUnits: fleet.orgUnits.size,
        byStatus: countByStatus(state),
      },
      clock: clockView(state),
      pageTokenTtlMs: state.pageTokens.ttlMs,
      faults: state.faults.describe(),
    };
  });

  app.get<{ Querystring: { count?: string } }>('/__emulator/devices', async (request) => {
    const fleet = getState().fleet;
    const count = Math.min(1_000, Math.max(1, Number(request.query.count ?? 10) || 10));
    const step = Math.max(1, Math.floor(fleet.devices.count / count));
    const devices = [];
    for (let i = 0; i < fleet.devices.count && devices.length < count; i += step) {
      devices.push({
        deviceId: fleet.devices.deviceId[i],
        serialNumber: fleet.devices.serial[i],
        status: fleet.devices.statusOf(i),
        orgUnitPath: fleet.orgUnits.bySlot(fleet.devices.ouSlot[i] ?? 0).orgUnitPath,
      });
    }
    return { devices };
  });

  app.post('/__emulator/devices/enroll', async (request, reply) => {
    const body = parse(schemas.enroll, request.body, reply);
    if (!body) return reply;
    const state = getState();
    if (state.fleet.devices.count + body.count > FLEET_SIZE.max)
      return reply
        .code(400)
        .send({ error: 'invalid_request', message: `a fleet holds at most ${FLEET_SIZE.max} devices` });
    const deviceIds = state.enroll(body.count);
    return { ok: true, size: state.fleet.size, deviceIds };
  });

  registerResetRoutes(app, getState);
}

/** Reset to the seeded fleet, or reseed with another size or seed. */
function registerResetRoutes(app: FastifyInstance, getState: () => EmulatorState): void {
  app.post('/__emulator/reset', async () => {
    getState().reset();
    return { ok: true };
  });

  app.post('/__emulator/reseed', async (request, reply) => {
    const body = parse(schemas.reseed, request.body, reply);
    if (!body) return reply;
    const state = getState();
    const started = performance.now();
    state.reseed({
      ...(body.size !== undefined ? { size: body.size } : {}),
      ...(body.seed !== undefined ? { seed: body.seed } : {}),
    });
    return {
      ok: true,
      seed: state.fleet.seed,
      size: state.fleet.size,
      generationMs: Math.round(performance.now() - started),
    };
  });
}

/** Latency, injected faults and the per-minute read quota. */
function registerFaultRoutes(app: FastifyInstance, getState: () => EmulatorState): void {
  app.post('/__emulator/latency', async (request, reply) => {
    const body = parse(schemas.latency, request.body, reply);
    if (!body) return reply;
    getState().faults.setLatency(body.ms, body.api);
    return { ok: true, faults: getState().faults.describe() };
  });

  app.post('/__emulator/faults', async (request, reply) => {
    const body = parse(schemas.fault, request.body, reply);
    if (!body) return reply;
    getState().faults.addFault({
      status: body.status,
      api: body.api,
      ...(body.count !== undefined ? { remaining: body.count } : {}),
      ...(body.rate !== undefined ? { rate: body.rate } : {}),
      ...(body.reason !== undefined ? { reason: body.reason } : {}),
      ...(body.path !== undefined ? { path: body.path } : {}),
    });
    return { ok: true, faults: getState().faults.describe() };
  });

  app.delete('/__emulator/faults', async () => {
    getState().faults.clearFaults();
    return { ok: true };
  });

  app.post('/__emulator/quota', async (request, reply) => {
    const body = parse(schemas.quota, request.body, reply);
    if (!body) return reply;
    getState().faults.setQuota(body.requestsPerMinute, body.api);
    return { ok: true, faults: getState().faults.describe() };
  });
}

/** The emulator's clock: read, advance, freeze (only forward) and resume. */
function registerClockRoutes(app: FastifyInstance, getState: () => EmulatorState): void {
  app.get('/__emulator/clock', async () => clockView(getState()));

  app.post('/__emulator/clock/advance', async (request, reply) => {
    const body = parse(schemas.advance, request.body, reply);
    if (!body) return reply;
    const state = getState();
    state.clock.advance(body.ms);
    state.settle();
    return clockView(state);
  });

  app.post('/__emulator/clock/freeze', async (request, reply) => {
    const body = parse(schemas.freeze, request.body, reply);
    if (!body) return reply;
    const state = getState();
    const at =
      body.at === undefined ? undefined : typeof body.at === 'number' ? body.at : Date.parse(body.at);
    if (at !== undefined && at < state.now())
      return reply.code(400).send({ error: 'invalid_request', message: 'the clock only moves forward' });
    state.clock.freeze(at);
    state.settle();
    return clockView(state);
  });

  app.post('/__emulator/clock/resume', async () => {
    const state = getState();
    state.clock.resume();
    return clockView(state);
  });
}

/** Page-token expiry: expire every token now, or set their lifetime. */
function registerPageTokenRoutes(app: FastifyInstance, getState: () => EmulatorState): void {
  app.post('/__emulator/page-tokens/expire', async () => {
    getState().pageTokens.expireAll();
    return { ok: true };
  });

  app.post('/__emulator/page-tokens', async (request, reply) => {
    const body = parse(schemas.ttl, request.body, reply);
    if (!body) return reply;
    getState().pageTokens.ttlMs = body.ttlMs;
    return { ok: true, pageTokenTtlMs: body.ttlMs };
  });
}

/** The request counters: read and reset. */
function registerCounterRoutes(app: FastifyInstance, getState: () => EmulatorState): void {
  app.get('/__emulator/counters', async () => getState().counters.snapshot());

  app.post('/__emulator/counters/reset', async () => {
    const state = getState();
    state.counters.reset(state.now());
    return { ok: true };
  });
}

/** Google's "Write requests for Chrome Devices" quota (0 lifts it; `windowMs` shortens its minute), and the journal. */
function registerWriteQuotaRoutes(app: FastifyInstance, getState: () => EmulatorState): void {
  app.post('/__emulator/write-quota', async (request, reply) => {
    const body = parse(schemas.writeQuota, request.body, reply);
    if (!body) return reply;
    getState().writes.setQuota(body.writesPerMinute, body.windowMs);
    return { ok: true, writes: getState().writes.describe(Date.now()) };
  });

  app.get('/__emulator/writes', async () => getState().writes.describe(Date.now()));
}

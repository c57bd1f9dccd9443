/**
 * The Google stand-in on one origin: OAuth/OIDC, Directory, Chrome Management and Chrome Policy
 * under Google's own paths, plus the `/__emulator` control API. Used in-process by the server and
 * tests (`app.inject` or `listen()`), and standalone through `cli.ts`.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { DeviceLister } from './directory/device-listing.ts';
import { registerDeviceActionRoutes } from './directory/device-action-routes.ts';
import { registerDeviceRoutes } from './directory/device-routes.ts';
import { registerOrgUnitRoutes } from './directory/org-unit-routes.ts';
import { registerUserRoutes } from './directory/user-routes.ts';
import { registerControlRoutes } from './faults/control-routes.ts';
import { registerFaultHooks } from './faults/fault-hooks.ts';
import type { ApiContext } from './http/api-context.ts';
import { registerBatchRoute } from './http/batch-route.ts';
import { registerReportRoutes } from './management/report-routes.ts';
import { registerTelemetryRoutes } from './management/telemetry-routes.ts';
import { createOAuthService, type OAuthService, type StrictClient } from './oauth/oauth-service.ts';
import { oauthPlugin } from './oauth/plugin.ts';
import { policyPlugin } from './policy/plugin.ts';
import { seedPolicies } from './policy/policy-seed.ts';
import { createPolicyStore, type PolicyStore } from './policy/policy-store.ts';
import { EmulatorState, type EmulatorStateOptions } from './state/emulator-state.ts';

export interface EmulatorOptions extends EmulatorStateOptions {
  /** Lifetime of issued access tokens; Google's is one hour. */
  accessTokenTtlSeconds?: number;
  /** When set, only these OAuth clients (and their redirect URIs) are accepted. */
  strictClients?: readonly StrictClient[];
  /** Fastify request logging (off by default). */
  logger?: boolean;
  /** Keeps OAuth consents and refresh tokens in this JSON file across restarts (in memory when unset). */
  grantsFile?: string;
}

export interface Emulator {
  readonly app: FastifyInstance;
  readonly state: EmulatorState;
  readonly oauth: OAuthService;
  /** Starts listening (port 0 = any free port) and resolves to the origin, e.g. `http://127.0.0.1:4010`. */
  listen(port?: number, host?: string): Promise<string>;
  close(): Promise<void>;
  /** The origin clients should use as every Google base URL. */
  readonly origin: string;
}

export function createEmulator(options: EmulatorOptions = {}): Emulator {
  const state = new EmulatorState(options);
  const oauth = createOAuthService({
    issuer: () => state.origin,
    domain: state.customer.domain,
    customerId: state.customer.id,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 3600,
    now: () => state.now(),
    ...(options.strictClients ? { strictClients: options.strictClients } : {}),
    ...(options.grantsFile ? { grantsFile: options.grantsFile } : {}),
  });
  // Closing ends every connection at once: a client's idle keep-alive sockets would otherwise hold
  // close() for Fastify's 72-second keep-alive timeout.
  const app = Fastify({ logger: options.logger ?? false, forceCloseConnections: true });
  const context: ApiContext = { state, oauth, lister: new DeviceLister(state) };

  registerFaultHooks(app, () => state);
  registerBatchRoute(app);
  void app.register(oauthPlugin, { oauth });
  const policies = createPolicyStore();
  reseedPolicies(policies, state);
  state.onFleetReplaced(() => reseedPolicies(policies, state));
  void app.register(policyPlugin, {
    oauth,
    customerId: state.customer.id,
    orgUnits: () => state.fleet.orgUnits.list(),
    store: policies,
  });
  void app.register(async (api) => {
    registerDeviceRoutes(api, context);
    registerDeviceActionRoutes(api, context);
    registerOrgUnitRoutes(api, context);
    registerUserRoutes(api, context);
    registerTelemetryRoutes(api, context);
    registerReportRoutes(api, context, policies);
    registerControlRoutes(api, () => state);
  });

  return {
    app,
    state,
    oauth,
    get origin() {
      return state.origin;
    },
    async listen(port = 0, host = '127.0.0.1') {
      await app.listen({ port, host });
      const address = app.server.address();
      const bound = typeof address === 'object' && address ? address.port : port;
      state.origin = `http://${host.includes(':') ? `[${host}]` : host}:${bound}`;
      return state.origin;
    },
    async close() {
      await app.close();
    },
  };
}

/** Starting policy values for the current OU tree; a reseed replaces the OUs, so the values follow. */
function reseedPolicies(store: PolicyStore, state: EmulatorState): void {
  for (const policy of store.all())
    store.remove(policy.orgUnitId, [policy.schemaName], policy.additionalTargetKeys);
  seedPolicies(store, state.fleet.orgUnits.list(), state.customer.domain);
}

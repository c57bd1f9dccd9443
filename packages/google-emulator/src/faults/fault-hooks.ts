/**
 * Hooks every request passes through: which API it belongs to, the injected latency and faults
 * (Google API paths only, never the control API or OAuth), due command side effects, counters, and
 * the translation of thrown errors into Google's envelopes.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GoogleApiError, sendGoogleError, type ApiName } from '../http/google-errors.ts';
import type { EmulatorState } from '../state/emulator-state.ts';
import { isDeviceWrite } from './device-writes.ts';
import type { CountedApi } from './fault-injector.ts';

const POLICY = /^\/v1\/customers\/[^/]+\/(policies|policySchemas)(?=[/:?]|$)/;
const MANAGEMENT = /^\/v1\/customers\/[^/]+\/(telemetry|reports|apps)(?=[/:?]|$)/;
const OAUTH = /^\/(o\/oauth2|oauth2|token|revoke|tokeninfo|device|\.well-known|v1\/userinfo)(?=[/?]|$)/;

/** Which API a request path belongs to. */
export function apiOf(url: string): CountedApi {
  const path = url.split('?', 1)[0] ?? url;
  if (path.startsWith('/admin/directory/')) return 'directory';
  if (MANAGEMENT.test(path)) return 'management';
  if (POLICY.test(path)) return 'policy';
  if (path === '/__emulator' || path.startsWith('/__emulator/')) return 'control';
  if (OAUTH.test(path)) return 'oauth';
  return 'other';
}

export function isGoogleApi(api: CountedApi): api is ApiName {
  return api === 'directory' || api === 'management' || api === 'policy';
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function registerFaultHooks(app: FastifyInstance, getState: () => EmulatorState): void {
  app.addHook('onRequest', async (request, reply) => {
    const api = apiOf(request.url);
    if (!isGoogleApi(api)) return;
    const state = getState();
    const latency = state.faults.latencyFor(api);
    if (latency > 0) await sleep(latency);
    const path = request.url.split('?', 1)[0] ?? '';
    const fault = state.faults.decide(api, state.now(), path);
    if (fault) {
      state.counters.noteFault(api, fault.throttled);
      return sendGoogleError(reply, api, fault.error);
    }
    const overWriteQuota = isDeviceWrite(request.method, path) ? state.writes.decide(Date.now()) : undefined;
    if (overWriteQuota) {
      state.counters.noteFault(api, true);
      return sendGoogleError(reply, api, overWriteQuota);
    }
    state.settle();
  });

  app.addHook('onResponse', async (request, reply) => {
    getState().counters.record(apiOf(request.url), reply.statusCode);
  });

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const api = apiOf(request.url);
    const style: ApiName = isGoogleApi(api) ? api : 'directory';
    if (error instanceof GoogleApiError) return sendGoogleError(reply, style, error.init);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendGoogleError(reply, style, {
        httpStatus: status,
        reason: status === 400 ? 'parseError' : 'badRequest',
        message: status === 400 ? `Invalid JSON payload received. ${error.message}` : error.message,
      });
    }
    request.log.error(error);
    return sendGoogleError(reply, style, {
      httpStatus: 500,
      reason: 'backendError',
      message: 'Internal error encountered.',
    });
  });

  app.setNotFoundHandler((request, reply) => {
    const api = apiOf(request.url);
    return sendGoogleError(reply, isGoogleApi(api) ? api : 'directory', {
      httpStatus: 404,
      reason: 'notFound',
      message: `The requested URL ${request.url.split('?', 1)[0]} was not found on this server.`,
    });
  });
}

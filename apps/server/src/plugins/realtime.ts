import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { REALTIME_PATH } from '@fleetdeck/shared/realtime-contract';
import { appErrors } from '../errors/app-error.ts';
import type { RealtimeHub } from '../modules/realtime/realtime-hub.ts';
import { serveRealtimeSocket, type RealtimePrincipal } from '../modules/realtime/realtime-session.ts';

/**
 * The realtime WebSocket at `/api/realtime`. Who may connect is a seam: `authorize` resolves the
 * organization of the request (identity fills it from the session); until then the default denies
 * every socket, so nothing leaks before authentication exists.
 */

export type RealtimeAuthorizer = (
  request: FastifyRequest,
) => RealtimePrincipal | null | Promise<RealtimePrincipal | null>;

export interface RealtimePluginOptions {
  readonly hub: RealtimeHub;
  readonly authorize: RealtimeAuthorizer;
  readonly idleTimeoutMs?: number | undefined;
  readonly recheckEveryMs?: number | undefined;
}

/** Why: registers the upgrade route; the protocol itself is in realtime-session.ts. */
export async function registerRealtime(app: FastifyInstance, options: RealtimePluginOptions): Promise<void> {
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  const principals = new WeakMap<FastifyRequest, RealtimePrincipal>();
  app.get(
    REALTIME_PATH,
    {
      websocket: true,
      preValidation: async (request) => {
        const principal = await options.authorize(request);
        if (!principal) throw appErrors.unauthenticated();
        principals.set(request, principal);
      },
    },
    (socket, request) => {
      const principal = principals.get(request);
      if (!principal) {
        socket.close(4401, 'unauthorized');
        return;
      }
      serveRealtimeSocket(socket, principal, options.hub, {
        idleTimeoutMs: options.idleTimeoutMs,
        recheckEveryMs: options.recheckEveryMs,
      });
    },
  );
}

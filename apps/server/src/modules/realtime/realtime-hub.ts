import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { BroadcastEvent } from '@fleetdeck/shared/realtime-contract';

/**
 * Fan-out of realtime events to the sockets joined to an organization's channel. In one process
 * (PGlite) that is all; on PostgreSQL every publish also sends a small NOTIFY so the other server
 * processes forward the same event to their own sockets.
 */

/**
 * Said on an organization's channel when a member's access changed (removed, another role or
 * units, signed out): that member's sockets ask again whether they may listen. Never sent to
 * clients.
 */
export const ACCESS_CHANGED = 'member.access';

export interface AccessChanged {
  readonly userId: string;
}

export type HubEvent = BroadcastEvent | typeof ACCESS_CHANGED;

export type RealtimeListener = (event: HubEvent, payload: unknown) => void;

export interface RealtimeHub {
  subscribe(orgId: string, listener: RealtimeListener): () => void;
  publish(orgId: string, event: HubEvent, payload: unknown): void;
  close(): Promise<void>;
}

const CHANNEL = 'fleetdeck_realtime';
/** PostgreSQL's NOTIFY payload limit is 8000 bytes; larger events stay local and send a signal. */
const MAX_NOTIFY_BYTES = 7500;

interface Signal {
  /** The publishing process, so it does not deliver its own events twice. */
  p: string;
  o: string;
  e: HubEvent;
  d: unknown;
}

/** Why: one fan-out for both databases; LISTEN/NOTIFY only where several processes share one. */
export async function createRealtimeHub(
  options: { connectionString?: string | undefined } = {},
): Promise<RealtimeHub> {
  const listeners = new Map<string, Set<RealtimeListener>>();
  const processId = randomUUID();
  const deliver = (orgId: string, event: HubEvent, payload: unknown) => {
    for (const listener of listeners.get(orgId) ?? []) listener(event, payload);
  };
  const bridge = options.connectionString
    ? await listenForSignals(options.connectionString, (signal) => {
        if (signal.p !== processId) deliver(signal.o, signal.e, signal.d);
      })
    : undefined;
  return {
    subscribe(orgId, listener) {
      const set = listeners.get(orgId) ?? new Set();
      set.add(listener);
      listeners.set(orgId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(orgId);
      };
    },
    publish(orgId, event, payload) {
      deliver(orgId, event, payload);
      if (!bridge) return;
      const text = JSON.stringify({ p: processId, o: orgId, e: event, d: payload } satisfies Signal);
      // A large event crosses processes as a bare "changed" signal; clients refetch what they show.
      const signal =
        Buffer.byteLength(text) <= MAX_NOTIFY_BYTES
          ? text
          : JSON.stringify({
              p: processId,
              o: orgId,
              e: 'fleet.changed',
              d: { reason: 'sync' },
            } satisfies Signal);
      bridge.notify(signal);
    },
    close: async () => {
      listeners.clear();
      await bridge?.close();
    },
  };
}

interface Bridge {
  notify(payload: string): void;
  close(): Promise<void>;
}

async function listenForSignals(
  connectionString: string,
  onSignal: (signal: Signal) => void,
): Promise<Bridge> {
  const client = new pg.Client({ connectionString });
  // A dropped listener connection must not crash the server; events then stay process-local.
  client.on('error', () => undefined);
  await client.connect();
  client.on('notification', (message) => {
    if (message.channel !== CHANNEL || !message.payload) return;
    try {
      onSignal(JSON.parse(message.payload) as Signal);
    } catch {
      // A malformed payload is not ours; ignore it.
    }
  });
  await client.query(`listen ${CHANNEL}`);
  return {
    notify(payload) {
      client.query('select pg_notify($1, $2)', [CHANNEL, payload]).catch(() => undefined);
    },
    close: () => client.end(),
  };
}

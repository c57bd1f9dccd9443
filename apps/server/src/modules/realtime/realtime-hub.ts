import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { BroadcastEvent } from '@fleetdeck/shared/realtime-contract';

/**
 * Fan-out of realtime events to the sockets joined to an organization's channel. With a connection
 * string (every server process) each publish also sends a small NOTIFY so the other server
 * processes sharing the database forward the same event to their own sockets; without one (tests
 * of a single app) events stay in the process.
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

/** Why: one fan-out for every process; LISTEN/NOTIFY carries it to the others sharing the database. */
export async function createRealtimeHub(
  options: { connectionString?: string | undefined } = {},
): Promise<RealtimeHub> {
  const listeners = new Map<string, Set<RealtimeListener>>();
  const processId = randomUUID();
  const deliver = (orgId: string, event: HubEvent, payload: unknown) => {
    for (const listener of listeners.get(orgId) ?? []) listener(event, payload);
  };
  const bridge = options.connectionString
    ? await listenForSignals(
        options.connectionString,
        (signal) => {
          if (signal.p !== processId) deliver(signal.o, signal.e, signal.d);
        },
        // Events of other processes may have been missed: every open page refreshes what it shows.
        () => {
          for (const orgId of listeners.keys()) deliver(orgId, 'fleet.changed', { reason: 'sync' });
        },
        processId,
      )
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
      const signal = Buffer.byteLength(text) <= MAX_NOTIFY_BYTES ? text : changedSignal(processId, orgId);
      bridge.notify(orgId, signal);
    },
    close: async () => {
      listeners.clear();
      await bridge?.close();
    },
  };
}

interface Bridge {
  notify(orgId: string, payload: string): void;
  close(): Promise<void>;
}

/** Waits before each new attempt after the listener's connection dropped (the last repeats). */
const RECONNECT_DELAYS_MS = [100, 500, 1000, 2000, 5000];
/** Organizations remembered while the connection is down; beyond it every page refreshes anyway. */
const MAX_MISSED_ORGS = 1000;

/**
 * Why: the listener's connection can drop (the server restarted, `pg_terminate_backend`, a network
 * cut) while the API recovers through its pool. It connects again, LISTENs again, and since events
 * were missed both ways meanwhile: `onResumed` tells this process's pages to refresh, and every
 * organization this process published for while down gets a bare "changed" signal out.
 */
async function listenForSignals(
  connectionString: string,
  onSignal: (signal: Signal) => void,
  onResumed: () => void,
  processId: string,
): Promise<Bridge> {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const missed = new Set<string>();

  const connect = async (): Promise<pg.Client> => {
    const next = new pg.Client({ connectionString, application_name: 'fleetdeck-realtime' });
    // A dropped connection is handled by its 'end' below; its error must not crash the server.
    next.on('error', () => undefined);
    next.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        onSignal(JSON.parse(message.payload) as Signal);
      } catch {
        // A malformed payload is not ours; ignore it.
      }
    });
    try {
      await next.connect();
      await next.query(`listen ${CHANNEL}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    next.once('end', () => {
      if (client !== next) return;
      client = undefined;
      if (!closed) reconnect(0);
    });
    return next;
  };

  const reconnect = (attempt: number) => {
    const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)] ?? 5000;
    retry = setTimeout(() => {
      connect().then(
        async (next) => {
          if (closed) return next.end();
          client = next;
          for (const orgId of missed) send(next, changedSignal(processId, orgId));
          missed.clear();
          onResumed();
        },
        () => {
          if (!closed) reconnect(attempt + 1);
        },
      );
    }, delay);
  };

  const send = (to: pg.Client, payload: string) => {
    to.query('select pg_notify($1, $2)', [CHANNEL, payload]).catch(() => undefined);
  };

  client = await connect();
  return {
    notify(orgId, payload) {
      if (client) send(client, payload);
      else if (missed.size < MAX_MISSED_ORGS) missed.add(orgId);
    },
    close: async () => {
      closed = true;
      clearTimeout(retry);
      await client?.end();
    },
  };
}

function changedSignal(processId: string, orgId: string): string {
  return JSON.stringify({
    p: processId,
    o: orgId,
    e: 'fleet.changed',
    d: { reason: 'sync' },
  } satisfies Signal);
}

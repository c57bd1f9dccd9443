import type { WebSocket } from '@fastify/websocket';
import {
  HEARTBEAT_INTERVAL_MS,
  HEARTBEAT_TOPIC,
  PROTOCOL_EVENTS,
  SERVER_IDLE_TIMEOUT_MS,
  orgTopic,
  realtimeFrameSchema,
  type RealtimeFrame,
} from '@fleetdeck/shared/realtime-contract';
import { ACCESS_CHANGED, type AccessChanged, type HubEvent, type RealtimeHub } from './realtime-hub.ts';

/**
 * One client socket speaking the protocol of realtime-contract.ts: heartbeats, joining and leaving
 * its organization's channel, and the organization's broadcasts while joined. A socket may only
 * join the channel of the organization it was authorized for, and keeps listening only while its
 * member may: access is asked again at every heartbeat and at once when the member's access
 * changed (removed, another role or units, signed out); events wait while it is asked.
 */

export interface RealtimeAccess {
  readonly orgId: string;
  readonly userId: string;
  /** False for a viewer limited to some units: broadcasts then name no device. */
  readonly wholeFleet: boolean;
}

export interface RealtimePrincipal extends RealtimeAccess {
  /** What this socket may hear now (session alive, still a member); null: nothing any more. */
  readonly recheck: () => Promise<RealtimeAccess | null>;
}

/** Close code of a socket whose session or membership ended. */
export const ACCESS_ENDED_CLOSE_CODE = 4401;
/** Events held while access is asked again; more than this and the oldest go. */
const MAX_HELD_EVENTS = 200;

interface Held {
  readonly topic: string;
  readonly event: HubEvent;
  readonly payload: unknown;
}

/** Why: the protocol lives here so the plugin stays a thin upgrade route. */
export function serveRealtimeSocket(
  socket: WebSocket,
  principal: RealtimePrincipal,
  hub: RealtimeHub,
  idleTimeoutMs = SERVER_IDLE_TIMEOUT_MS,
): void {
  const joined = new Map<string, () => void>();
  let access: RealtimeAccess = principal;
  let checkedAt = Date.now();
  let checking: Promise<void> | undefined;
  let held: Held[] | undefined;
  let ended = false;
  const send = (frame: RealtimeFrame) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
  };
  const reply = (frame: RealtimeFrame, status: 'ok' | 'error', response: Record<string, unknown> = {}) =>
    send({
      topic: frame.topic,
      event: PROTOCOL_EVENTS.reply,
      payload: { status, response },
      ref: frame.ref ?? null,
    });
  let idle = setTimeout(() => socket.close(4000, 'heartbeat timeout'), idleTimeoutMs);
  socket.on('message', (data: Buffer) => {
    clearTimeout(idle);
    idle = setTimeout(() => socket.close(4000, 'heartbeat timeout'), idleTimeoutMs);
    const frame = parseFrame(data);
    if (!frame) return;
    if (frame.event === PROTOCOL_EVENTS.heartbeat && frame.topic === HEARTBEAT_TOPIC) {
      if (Date.now() - checkedAt >= HEARTBEAT_INTERVAL_MS / 2) void recheck();
      return reply(frame, 'ok');
    }
    if (frame.event === PROTOCOL_EVENTS.join) return join(frame);
    if (frame.event === PROTOCOL_EVENTS.leave) return leave(frame);
    reply(frame, 'error', { reason: 'unknown event' });
  });
  socket.on('close', () => {
    clearTimeout(idle);
    stopListening();
  });

  /** The events held while access was asked again (none once the socket stopped listening). */
  function release(): Held[] {
    const waiting = held ?? [];
    held = undefined;
    return waiting;
  }

  function stopListening(): void {
    for (const unsubscribe of joined.values()) unsubscribe();
    joined.clear();
    held = undefined;
  }

  function recheck(): Promise<void> {
    checking ??= (async () => {
      held = [];
      try {
        const next = await principal.recheck();
        if (!next || next.orgId !== principal.orgId || next.userId !== principal.userId) {
          ended = true;
          stopListening();
          socket.close(ACCESS_ENDED_CLOSE_CODE, 'access ended');
          return;
        }
        access = next;
        checkedAt = Date.now();
      } catch {
        // The database did not answer: keep what was known and ask again at the next heartbeat.
      } finally {
        checking = undefined;
        for (const item of release()) forward(item);
      }
    })();
    return checking;
  }

  function forward({ topic, event, payload }: Held): void {
    if (ended || !joined.has(topic)) return;
    send({ topic, event, payload: visiblePayload(event, payload, access), ref: null });
  }

  function hear(topic: string, event: HubEvent, payload: unknown): void {
    if (event === ACCESS_CHANGED) {
      if ((payload as Partial<AccessChanged> | null)?.userId === principal.userId) void recheck();
      return;
    }
    if (held) {
      if (held.length >= MAX_HELD_EVENTS) held.shift();
      held.push({ topic, event, payload });
      return;
    }
    forward({ topic, event, payload });
  }

  function join(frame: RealtimeFrame): void {
    if (ended || frame.topic !== orgTopic(principal.orgId))
      return reply(frame, 'error', { reason: 'unauthorized' });
    if (!joined.has(frame.topic)) {
      const topic = frame.topic;
      joined.set(
        topic,
        hub.subscribe(principal.orgId, (event, payload) => hear(topic, event, payload)),
      );
    }
    reply(frame, 'ok');
  }

  function leave(frame: RealtimeFrame): void {
    joined.get(frame.topic)?.();
    joined.delete(frame.topic);
    reply(frame, 'ok');
    send({ topic: frame.topic, event: PROTOCOL_EVENTS.close, payload: {}, ref: frame.ref ?? null });
  }
}

/**
 * Why: a viewer limited to some units must not learn which devices elsewhere changed; without
 * names the client refreshes what it shows, which the API already scopes.
 */
function visiblePayload(event: HubEvent, payload: unknown, access: RealtimeAccess): unknown {
  if (event !== 'fleet.changed' || access.wholeFleet || typeof payload !== 'object' || payload === null)
    return payload;
  const { deviceIds: _named, added: _added, ...rest } = payload as Record<string, unknown>;
  return rest;
}

function parseFrame(data: Buffer): RealtimeFrame | undefined {
  try {
    const parsed = realtimeFrameSchema.safeParse(JSON.parse(data.toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

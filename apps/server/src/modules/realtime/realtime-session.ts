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
 * member may: access is asked again on the server's clock (every heartbeat interval), when it
 * joins, and at once when the member's access changed (removed, another role or units, signed
 * out); events wait while it is asked.
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
  readonly event: HubEvent;
  readonly payload: unknown;
}

export interface RealtimeSocketTimings {
  /** Silence after which the server closes the socket (no heartbeat). */
  readonly idleTimeoutMs?: number | undefined;
  /** How often the server asks again, whatever the client sends. */
  readonly recheckEveryMs?: number | undefined;
}

/** Why: the protocol lives here so the plugin stays a thin upgrade route. */
export function serveRealtimeSocket(
  socket: WebSocket,
  principal: RealtimePrincipal,
  hub: RealtimeHub,
  {
    idleTimeoutMs = SERVER_IDLE_TIMEOUT_MS,
    recheckEveryMs = HEARTBEAT_INTERVAL_MS,
  }: RealtimeSocketTimings = {},
): void {
  const topic = orgTopic(principal.orgId);
  let joined = false;
  let access: RealtimeAccess = principal;
  let checking: Promise<void> | undefined;
  let held: Held[] | undefined;
  // Changed by calls that narrowing cannot see (a change heard, a negative answer).
  const state = { askAgain: false, ended: false };
  const endedNow = () => state.ended;
  const askedAgain = () => state.askAgain;
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
  // Heard from the start, joined or not: a change of the member's access is asked about at once.
  const unsubscribe = hub.subscribe(principal.orgId, hear);
  // Asked again on the server's clock, whatever the client sends or leaves out.
  const rechecks = setInterval(() => void recheck(), recheckEveryMs);
  let idle = setTimeout(() => socket.close(4000, 'heartbeat timeout'), idleTimeoutMs);
  socket.on('message', (data: Buffer) => {
    const frame = parseFrame(data);
    if (!frame) return;
    if (frame.event === PROTOCOL_EVENTS.heartbeat && frame.topic === HEARTBEAT_TOPIC) {
      // Only a heartbeat proves the client is there.
      clearTimeout(idle);
      idle = setTimeout(() => socket.close(4000, 'heartbeat timeout'), idleTimeoutMs);
      return reply(frame, 'ok');
    }
    if (frame.event === PROTOCOL_EVENTS.join) return void join(frame);
    if (frame.event === PROTOCOL_EVENTS.leave) return leave(frame);
    reply(frame, 'error', { reason: 'unknown event' });
  });
  socket.on('close', () => {
    clearTimeout(idle);
    clearInterval(rechecks);
    unsubscribe();
    joined = false;
    held = undefined;
  });

  /** The events held while access was asked again (none once the socket stopped listening). */
  function release(): Held[] {
    const waiting = held ?? [];
    held = undefined;
    return waiting;
  }

  /** Asks whether the member may still listen; a change heard meanwhile is asked about again. */
  function recheck(): Promise<void> {
    if (checking) {
      state.askAgain = true;
      return checking;
    }
    checking = (async () => {
      held ??= [];
      do {
        state.askAgain = false;
        try {
          const next = await principal.recheck();
          if (!next || next.orgId !== principal.orgId || next.userId !== principal.userId) {
            state.ended = true;
            joined = false;
            held = undefined;
            socket.close(ACCESS_ENDED_CLOSE_CODE, 'access ended');
            return;
          }
          access = next;
        } catch {
          // The database did not answer: keep what was known and ask again on the next tick.
        }
      } while (askedAgain() && !endedNow());
    })().finally(() => {
      checking = undefined;
      for (const item of release()) forward(item);
    });
    return checking;
  }

  function forward({ event, payload }: Held): void {
    if (state.ended || !joined) return;
    send({ topic, event, payload: visiblePayload(event, payload, access), ref: null });
  }

  function hear(event: HubEvent, payload: unknown): void {
    if (event === ACCESS_CHANGED) {
      if ((payload as Partial<AccessChanged> | null)?.userId === principal.userId) void recheck();
      return;
    }
    if (!joined) return;
    if (held) {
      if (held.length >= MAX_HELD_EVENTS) held.shift();
      held.push({ event, payload });
      return;
    }
    forward({ event, payload });
  }

  async function join(frame: RealtimeFrame): Promise<void> {
    if (state.ended || frame.topic !== topic) return reply(frame, 'error', { reason: 'unauthorized' });
    // Joining is when listening starts: it is asked about first.
    await recheck();
    if (endedNow()) return;
    joined = true;
    reply(frame, 'ok');
  }

  function leave(frame: RealtimeFrame): void {
    if (frame.topic === topic) joined = false;
    reply(frame, 'ok');
    send({ topic: frame.topic, event: PROTOCOL_EVENTS.close, payload: {}, ref: frame.ref ?? null });
  }
}

/**
 * Why: a viewer limited to some units must not learn which devices elsewhere changed, nor how a
 * plan they may not see goes; without names the client refreshes what it shows, which the API
 * already scopes.
 */
function visiblePayload(event: HubEvent, payload: unknown, access: RealtimeAccess): unknown {
  // A change plan's progress names only the plan: the client reads it from the API, which scopes plans.
  if (event === 'plan.progress' && !access.wholeFleet && typeof payload === 'object' && payload !== null)
    return { id: (payload as { id?: unknown }).id };
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

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

/** One socket's state: whether it listens, what its member may hear now, and events held meanwhile. */
interface SocketSession {
  readonly socket: WebSocket;
  readonly principal: RealtimePrincipal;
  readonly topic: string;
  joined: boolean;
  access: RealtimeAccess;
  checking: Promise<void> | undefined;
  held: Held[] | undefined;
  // Changed by calls that narrowing cannot see (a change heard, a negative answer): read them
  // through endedNow and askedAgain.
  askAgain: boolean;
  ended: boolean;
}

const endedNow = (session: SocketSession) => session.ended;
const askedAgain = (session: SocketSession) => session.askAgain;

function send(socket: WebSocket, frame: RealtimeFrame): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
}

function reply(
  socket: WebSocket,
  frame: RealtimeFrame,
  status: 'ok' | 'error',
  response: Record<string, unknown> = {},
): void {
  send(socket, {
    topic: frame.topic,
    event: PROTOCOL_EVENTS.reply,
    payload: { status, response },
    ref: frame.ref ?? null,
  });
}

/** The events held while access was asked again (none once the socket stopped listening). */
function release(session: SocketSession): Held[] {
  const waiting = session.held ?? [];
  session.held = undefined;
  return waiting;
}

/** Asks whether the member may still listen; a change heard meanwhile is asked about again. */
function recheck(session: SocketSession): Promise<void> {
  if (session.checking) {
    session.askAgain = true;
    return session.checking;
  }
  const { principal } = session;
  session.checking = (async () => {
    session.held ??= [];
    do {
      session.askAgain = false;
      try {
        const next = await principal.recheck();
        if (!next || next.orgId !== principal.orgId || next.userId !== principal.userId) {
          session.ended = true;
          session.joined = false;
          session.held = undefined;
          session.socket.close(ACCESS_ENDED_CLOSE_CODE, 'access ended');
          return;
        }
        session.access = next;
      } catch {
        // The database did not answer: keep what was known and ask again on the next tick.
      }
    } while (askedAgain(session) && !endedNow(session));
  })().finally(() => {
    session.checking = undefined;
    for (const item of release(session)) forward(session, item);
  });
  return session.checking;
}

function forward(session: SocketSession, { event, payload }: Held): void {
  if (session.ended || !session.joined) return;
  const visible = visiblePayload(event, payload, session.access);
  send(session.socket, { topic: session.topic, event, payload: visible, ref: null });
}

/** An organization's broadcast: a change of this member's access is asked about at once. */
function hear(session: SocketSession, event: HubEvent, payload: unknown): void {
  if (event === ACCESS_CHANGED) {
    if ((payload as Partial<AccessChanged> | null)?.userId === session.principal.userId)
      void recheck(session);
    return;
  }
  if (!session.joined) return;
  if (session.held) {
    if (session.held.length >= MAX_HELD_EVENTS) session.held.shift();
    session.held.push({ event, payload });
    return;
  }
  forward(session, { event, payload });
}

async function join(session: SocketSession, frame: RealtimeFrame): Promise<void> {
  if (session.ended || frame.topic !== session.topic)
    return reply(session.socket, frame, 'error', { reason: 'unauthorized' });
  // Joining is when listening starts: it is asked about first.
  await recheck(session);
  if (endedNow(session)) return;
  session.joined = true;
  reply(session.socket, frame, 'ok');
}

function leave(session: SocketSession, frame: RealtimeFrame): void {
  if (frame.topic === session.topic) session.joined = false;
  reply(session.socket, frame, 'ok');
  send(session.socket, {
    topic: frame.topic,
    event: PROTOCOL_EVENTS.close,
    payload: {},
    ref: frame.ref ?? null,
  });
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
  const session: SocketSession = {
    socket,
    principal,
    topic: orgTopic(principal.orgId),
    joined: false,
    access: principal,
    checking: undefined,
    held: undefined,
    askAgain: false,
    ended: false,
  };
  // Heard from the start, joined or not: a change of the member's access is asked about at once.
  const unsubscribe = hub.subscribe(principal.orgId, (event, payload) => hear(session, event, payload));
  // Asked again on the server's clock, whatever the client sends or leaves out.
  const rechecks = setInterval(() => void recheck(session), recheckEveryMs);
  let idle = setTimeout(() => socket.close(4000, 'heartbeat timeout'), idleTimeoutMs);
  socket.on('message', (data: Buffer) => {
    const frame = parseFrame(data);
    if (!frame) return;
    if (frame.event === PROTOCOL_EVENTS.heartbeat && frame.topic === HEARTBEAT_TOPIC) {
      // Only a heartbeat proves the client is there.
      clearTimeout(idle);
      idle = setTimeout(() => socket.close(4000, 'heartbeat timeout'), idleTimeoutMs);
      return reply(socket, frame, 'ok');
    }
    if (frame.event === PROTOCOL_EVENTS.join) return void join(session, frame);
    if (frame.event === PROTOCOL_EVENTS.leave) return leave(session, frame);
    reply(socket, frame, 'error', { reason: 'unknown event' });
  });
  socket.on('close', () => {
    clearTimeout(idle);
    clearInterval(rechecks);
    unsubscribe();
    session.joined = false;
    session.held = undefined;
  });
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

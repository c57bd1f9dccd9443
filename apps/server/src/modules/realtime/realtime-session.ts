import type { WebSocket } from '@fastify/websocket';
import {
  HEARTBEAT_TOPIC,
  PROTOCOL_EVENTS,
  SERVER_IDLE_TIMEOUT_MS,
  orgTopic,
  realtimeFrameSchema,
  type RealtimeFrame,
} from '@fleetdeck/shared/realtime-contract';
import type { RealtimeHub } from './realtime-hub.ts';

/**
 * One client socket speaking the protocol of realtime-contract.ts: heartbeats, joining and leaving
 * its organization's channel, and the organization's broadcasts while joined. A socket may only
 * join the channel of the organization it was authorized for.
 */

export interface RealtimePrincipal {
  readonly orgId: string;
}

/** Why: the protocol lives here so the plugin stays a thin upgrade route. */
export function serveRealtimeSocket(
  socket: WebSocket,
  principal: RealtimePrincipal,
  hub: RealtimeHub,
  idleTimeoutMs = SERVER_IDLE_TIMEOUT_MS,
): void {
  const joined = new Map<string, () => void>();
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
    if (frame.event === PROTOCOL_EVENTS.heartbeat && frame.topic === HEARTBEAT_TOPIC)
      return reply(frame, 'ok');
    if (frame.event === PROTOCOL_EVENTS.join) return join(frame);
    if (frame.event === PROTOCOL_EVENTS.leave) return leave(frame);
    reply(frame, 'error', { reason: 'unknown event' });
  });
  socket.on('close', () => {
    clearTimeout(idle);
    for (const unsubscribe of joined.values()) unsubscribe();
    joined.clear();
  });

  function join(frame: RealtimeFrame): void {
    if (frame.topic !== orgTopic(principal.orgId)) return reply(frame, 'error', { reason: 'unauthorized' });
    if (!joined.has(frame.topic)) {
      const topic = frame.topic;
      joined.set(
        topic,
        hub.subscribe(principal.orgId, (event, payload) => send({ topic, event, payload, ref: null })),
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

function parseFrame(data: Buffer): RealtimeFrame | undefined {
  try {
    const parsed = realtimeFrameSchema.safeParse(JSON.parse(data.toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

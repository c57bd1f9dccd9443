import type { RealtimeFrame } from '@fleetdeck/shared/realtime-contract';
import {
  HEARTBEAT_INTERVAL_MS,
  JOIN_TIMEOUT_MS,
  RECONNECT_DELAYS_MS,
  type SubscribeResult,
} from '@fleetdeck/shared/realtime-protocol';

/**
 * The browser side of Fleetdeck's realtime protocol: its constants come from the shared,
 * schema-free `@fleetdeck/shared/realtime-protocol` (the server's contract re-exports the same
 * module), so the client cannot drift from the server.
 */

export { HEARTBEAT_TOPIC, PROTOCOL_EVENTS as EVENTS } from '@fleetdeck/shared/realtime-protocol';

export const REALTIME_TIMING = {
  heartbeatIntervalMs: HEARTBEAT_INTERVAL_MS,
  joinTimeoutMs: JOIN_TIMEOUT_MS,
  reconnectDelaysMs: RECONNECT_DELAYS_MS,
} as const;

export const OPEN = 1;

/** The part of the browser's WebSocket the client uses, so tests can inject a fake one. */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export type WebSocketConstructor = new (url: string) => WebSocketLike;

export type SubscribeCallback = (result: SubscribeResult, error?: Error) => void;
export type EventHandler = (payload: unknown) => void;

/** The delay before reconnect attempt `attempt` (0-based): 1, 2, 5, 10 s, then 10 s. */
export function reconnectDelayMs(attempt: number): number {
  const delays = REALTIME_TIMING.reconnectDelaysMs;
  return delays[Math.min(attempt, delays.length - 1)] ?? 10_000;
}

export function parseFrame(data: unknown): RealtimeFrame | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    const value = JSON.parse(data) as unknown;
    if (typeof value !== 'object' || value === null) return undefined;
    const frame = value as Record<string, unknown>;
    if (typeof frame.topic !== 'string' || typeof frame.event !== 'string') return undefined;
    const ref = typeof frame.ref === 'string' ? frame.ref : null;
    return { topic: frame.topic, event: frame.event, payload: frame.payload, ref };
  } catch {
    return undefined;
  }
}

export function replyOf(payload: unknown): { ok: boolean; reason: string } {
  const record = typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {};
  const response =
    typeof record.response === 'object' && record.response !== null
      ? (record.response as Record<string, unknown>)
      : {};
  return {
    ok: record.status === 'ok',
    reason: typeof response.reason === 'string' ? response.reason : 'the server refused the channel',
  };
}

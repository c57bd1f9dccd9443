import type { RealtimeFrame, SubscribeResult } from '@fleetdeck/shared/realtime-contract';

/**
 * The wire details of Fleetdeck's realtime protocol (see `@fleetdeck/shared/realtime-contract`),
 * shared by the client and its channels. The constants mirror the contract (a unit test checks
 * they agree); importing its values would pull classic zod into the browser.
 */

export const REALTIME_TIMING = {
  heartbeatIntervalMs: 25_000,
  joinTimeoutMs: 10_000,
  reconnectDelaysMs: [1000, 2000, 5000, 10_000],
} as const;

export const EVENTS = {
  join: 'phx_join',
  leave: 'phx_leave',
  reply: 'phx_reply',
  error: 'phx_error',
  close: 'phx_close',
  heartbeat: 'heartbeat',
} as const;
export const HEARTBEAT_TOPIC = 'phoenix';
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

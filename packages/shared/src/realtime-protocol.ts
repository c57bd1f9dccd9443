/**
 * The realtime protocol's constants, without zod: the browser's client imports them from here and
 * the contract (`realtime-contract.ts`, with the frame schemas) re-exports them, so both sides read
 * one definition.
 */

export const REALTIME_PATH = '/api/realtime';
export const HEARTBEAT_INTERVAL_MS = 25_000;
export const JOIN_TIMEOUT_MS = 10_000;
export const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000] as const;
/** Sockets silent for longer than this are closed by the server. */
export const SERVER_IDLE_TIMEOUT_MS = 2 * HEARTBEAT_INTERVAL_MS;

export const CHANNEL_STATES = ['closed', 'errored', 'joined', 'joining', 'leaving'] as const;
export type ChannelState = (typeof CHANNEL_STATES)[number];

export const SUBSCRIBE_RESULTS = ['SUBSCRIBED', 'TIMED_OUT', 'CLOSED', 'CHANNEL_ERROR'] as const;
export type SubscribeResult = (typeof SUBSCRIBE_RESULTS)[number];

export const PROTOCOL_EVENTS = {
  join: 'phx_join',
  leave: 'phx_leave',
  reply: 'phx_reply',
  error: 'phx_error',
  close: 'phx_close',
  heartbeat: 'heartbeat',
} as const;

export const HEARTBEAT_TOPIC = 'phoenix';

/** The channel of one organization. */
export function orgTopic(orgId: string): string {
  return `org:${orgId}`;
}

import { z } from 'zod';
import { syncRunSchema } from './sync-contract.ts';

/**
 * Fleetdeck's realtime protocol at `/api/realtime`: a small Phoenix-like channel protocol over one
 * WebSocket. Every frame is one JSON object `{ topic, event, payload, ref }`.
 *
 * - The client joins a channel with `phx_join` on topic `org:<orgId>` (its own organization only)
 *   and gets `phx_reply` with `{ status: 'ok' }` or `{ status: 'error', response: { reason } }`;
 *   no reply within JOIN_TIMEOUT_MS is TIMED_OUT on the client.
 * - It leaves with `phx_leave` (reply `ok`, then `phx_close` on that topic).
 * - It sends `heartbeat` on topic `phoenix` every HEARTBEAT_INTERVAL_MS; the server replies `ok`
 *   and closes sockets that stay silent for two intervals.
 * - The server pushes `sync.progress` (a SyncRun) and `fleet.changed` on joined channels, and
 *   `phx_error` when a channel breaks (the client then rejoins).
 * - After a dropped socket the client reconnects after RECONNECT_DELAYS_MS (then the last delay).
 */

export * from './realtime-protocol.ts';

export const realtimeFrameSchema = z.object({
  topic: z.string().min(1).max(300),
  event: z.string().min(1).max(100),
  payload: z.unknown(),
  ref: z.string().max(100).nullable().optional(),
});
export type RealtimeFrame = z.infer<typeof realtimeFrameSchema>;

export const replyPayloadSchema = z.object({
  status: z.enum(['ok', 'error']),
  response: z.record(z.string(), z.unknown()),
});

/** Devices one `fleet.changed` message may name; more (or a whole sync) name none: refresh all. */
export const FLEET_CHANGED_MAX_DEVICE_IDS = 500;

export const fleetChangedSchema = z.object({
  reason: z.enum(['sync', 'action']),
  runId: z.string().optional(),
  /** The changed devices when known (rows refresh in place); absent: any device may have changed. */
  deviceIds: z.array(z.string().max(128)).max(FLEET_CHANGED_MAX_DEVICE_IDS).optional(),
  /** Devices new to our copy (the table shows a "new devices" banner). */
  added: z.number().int().nonnegative().optional(),
});

/** Broadcast events and their payloads. */
export const BROADCAST_EVENTS = {
  'sync.progress': syncRunSchema,
  'fleet.changed': fleetChangedSchema,
} as const;
export type BroadcastEvent = keyof typeof BROADCAST_EVENTS;

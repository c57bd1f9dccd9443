import { RealtimeChannel } from './realtime-channel.ts';
import {
  EVENTS,
  HEARTBEAT_TOPIC,
  OPEN,
  parseFrame,
  REALTIME_TIMING,
  reconnectDelayMs,
  type WebSocketConstructor,
  type WebSocketLike,
} from './realtime-protocol.ts';

/**
 * The browser side of Fleetdeck's realtime protocol (`/api/realtime`, see
 * `@fleetdeck/shared/realtime-contract`): one WebSocket, channels joined per organization, a
 * heartbeat, reconnects with backoff, and channels joined again after every reconnect.
 * Channels are in realtime-channel.ts, the wire details in realtime-protocol.ts.
 */

/** One WebSocket to `/api/realtime`, opened on the first subscription and closed with the last channel. */
export class RealtimeClient {
  private socket: WebSocketLike | undefined;
  private readonly channels = new Map<string, RealtimeChannel>();
  private ref = 0;
  private reconnectAttempts = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private heartbeatTimer: ReturnType<typeof setInterval> | undefined;
  private pendingHeartbeat: string | null = null;

  private readonly url: string;
  private readonly WebSocketImpl: WebSocketConstructor;

  constructor(url: string, WebSocketImpl: WebSocketConstructor) {
    this.url = url;
    this.WebSocketImpl = WebSocketImpl;
  }

  /** The channel of `topic`, created on first use. */
  channel(topic: string): RealtimeChannel {
    const existing = this.channels.get(topic);
    if (existing) return existing;
    const channel = new RealtimeChannel(topic, this);
    this.channels.set(topic, channel);
    return channel;
  }

  isOpen(): boolean {
    return this.socket?.readyState === OPEN;
  }

  /** Opens the socket unless it is open or opening, or a reconnect is already scheduled. */
  connect(): void {
    if (this.socket || this.reconnectTimer !== undefined) return;
    const socket = new this.WebSocketImpl(this.url);
    this.socket = socket;
    socket.onopen = () => {
      this.reconnectAttempts = 0;
      this.startHeartbeat();
      for (const channel of this.channels.values()) channel.socketOpened();
    };
    socket.onmessage = (event) => {
      const frame = parseFrame(event.data);
      if (!frame) return;
      if (frame.topic === HEARTBEAT_TOPIC && frame.ref === this.pendingHeartbeat) {
        this.pendingHeartbeat = null;
        return;
      }
      this.channels.get(frame.topic)?.receive(frame);
    };
    socket.onerror = () => undefined;
    socket.onclose = () => this.dropped(socket);
  }

  /** Closes the socket for good: no reconnect until the next subscription. */
  disconnect(): void {
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    this.stopHeartbeat();
    const socket = this.socket;
    this.socket = undefined;
    if (socket) {
      socket.onclose = null;
      socket.close(1000, 'done');
    }
    for (const channel of [...this.channels.values()]) channel.socketClosed();
  }

  /** @internal Sends one frame; returns its ref. */
  push(topic: string, event: string, payload: unknown): string {
    this.ref += 1;
    const ref = String(this.ref);
    if (this.socket && this.isOpen()) this.socket.send(JSON.stringify({ topic, event, payload, ref }));
    return ref;
  }

  /** @internal A channel closed for good. */
  remove(channel: RealtimeChannel): void {
    if (this.channels.get(channel.topic) === channel) this.channels.delete(channel.topic);
    if (this.channels.size === 0) this.disconnect();
  }

  private dropped(socket: WebSocketLike): void {
    if (this.socket !== socket) return;
    this.socket = undefined;
    this.stopHeartbeat();
    for (const channel of [...this.channels.values()]) channel.socketClosed();
    if (this.channels.size === 0) return;
    const delay = reconnectDelayMs(this.reconnectAttempts);
    this.reconnectAttempts += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.connect();
    }, delay);
  }

  private startHeartbeat(): void {
    this.stopHeartbeat();
    this.heartbeatTimer = setInterval(() => {
      // No answer to the last heartbeat: the connection is dead even if the socket looks open.
      if (this.pendingHeartbeat !== null) {
        this.pendingHeartbeat = null;
        const socket = this.socket;
        if (socket) {
          socket.close(4000, 'heartbeat timeout');
          this.dropped(socket);
        }
        return;
      }
      this.pendingHeartbeat = this.push(HEARTBEAT_TOPIC, EVENTS.heartbeat, {});
    }, REALTIME_TIMING.heartbeatIntervalMs);
  }

  private stopHeartbeat(): void {
    clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = undefined;
    this.pendingHeartbeat = null;
  }
}

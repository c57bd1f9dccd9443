import type { ChannelState, RealtimeFrame, SubscribeResult } from '@fleetdeck/shared/realtime-contract';

/**
 * The browser side of Fleetdeck's realtime protocol (`/api/realtime`, see
 * `@fleetdeck/shared/realtime-contract`): one WebSocket, channels joined per organization, a
 * heartbeat, reconnects with backoff, and channels joined again after every reconnect. The
 * constants mirror the contract (a unit test checks they agree); importing its values would pull
 * classic zod into the browser.
 */

export const REALTIME_TIMING = {
  heartbeatIntervalMs: 25_000,
  joinTimeoutMs: 10_000,
  reconnectDelaysMs: [1000, 2000, 5000, 10_000],
} as const;

const EVENTS = {
  join: 'phx_join',
  leave: 'phx_leave',
  reply: 'phx_reply',
  error: 'phx_error',
  close: 'phx_close',
  heartbeat: 'heartbeat',
} as const;
const HEARTBEAT_TOPIC = 'phoenix';
const OPEN = 1;

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
type EventHandler = (payload: unknown) => void;

/** The delay before reconnect attempt `attempt` (0-based): 1, 2, 5, 10 s, then 10 s. */
export function reconnectDelayMs(attempt: number): number {
  const delays = REALTIME_TIMING.reconnectDelaysMs;
  return delays[Math.min(attempt, delays.length - 1)] ?? 10_000;
}

function parseFrame(data: unknown): RealtimeFrame | undefined {
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

function replyOf(payload: unknown): { ok: boolean; reason: string } {
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

/** One topic on the socket, with the seed's states and subscribe results. */
export class RealtimeChannel {
  state: ChannelState = 'closed';
  private callback: SubscribeCallback | undefined;
  private readonly handlers = new Map<string, Set<EventHandler>>();
  private joinRef: string | null = null;
  private leaveRef: string | null = null;
  private joinTimer: ReturnType<typeof setTimeout> | undefined;
  private rejoinTimer: ReturnType<typeof setTimeout> | undefined;
  private rejoinAttempts = 0;
  private readonly stateListeners = new Set<(state: ChannelState) => void>();

  readonly topic: string;
  private readonly client: RealtimeClient;

  constructor(topic: string, client: RealtimeClient) {
    this.topic = topic;
    this.client = client;
  }

  /** Joins the channel; `callback` hears SUBSCRIBED, TIMED_OUT, CLOSED or CHANNEL_ERROR. */
  subscribe(callback?: SubscribeCallback): this {
    this.callback = callback;
    this.rejoinAttempts = 0;
    this.join();
    return this;
  }

  /** Listens to one broadcast event (`sync.progress`, `fleet.changed`); returns the way to stop. */
  on(event: string, handler: EventHandler): () => void {
    const set = this.handlers.get(event) ?? new Set<EventHandler>();
    set.add(handler);
    this.handlers.set(event, set);
    return () => set.delete(handler);
  }

  /** Why: React renders the state; listeners hear every change. */
  onStateChange(listener: (state: ChannelState) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  /** Leaves the channel; it is closed once the server answers or after the join timeout. */
  unsubscribe(): void {
    this.clearTimers();
    if (this.state === 'closed') return this.client.remove(this);
    this.setState('leaving');
    if (!this.client.isOpen()) return this.closed();
    this.leaveRef = this.client.push(this.topic, EVENTS.leave, {});
    this.joinTimer = setTimeout(() => this.closed(), REALTIME_TIMING.joinTimeoutMs);
  }

  /** @internal The socket opened: join again if this channel wants to be joined. */
  socketOpened(): void {
    if (this.state === 'joining' || this.state === 'errored') {
      clearTimeout(this.rejoinTimer);
      this.join();
    }
  }

  /** @internal The socket dropped: a joined or joining channel is errored until the rejoin. */
  socketClosed(): void {
    clearTimeout(this.joinTimer);
    clearTimeout(this.rejoinTimer);
    if (this.state === 'leaving') return this.closed();
    if (this.state === 'joined' || this.state === 'joining') this.errored('CHANNEL_ERROR');
  }

  /** @internal A frame on this topic. */
  receive(frame: RealtimeFrame): void {
    if (frame.event === EVENTS.reply && frame.ref !== null && frame.ref === this.joinRef) {
      this.joinRef = null;
      clearTimeout(this.joinTimer);
      const reply = replyOf(frame.payload);
      if (reply.ok) {
        this.rejoinAttempts = 0;
        this.setState('joined');
        this.callback?.('SUBSCRIBED');
      } else {
        this.errored('CHANNEL_ERROR', new Error(reply.reason));
      }
      return;
    }
    if (frame.event === EVENTS.reply && frame.ref !== null && frame.ref === this.leaveRef)
      return this.closed();
    if (frame.event === EVENTS.error) return this.errored('CHANNEL_ERROR', new Error('the channel broke'));
    if (frame.event === EVENTS.close) return this.closed();
    if (this.state !== 'joined') return;
    for (const handler of this.handlers.get(frame.event) ?? []) handler(frame.payload);
  }

  private join(): void {
    clearTimeout(this.joinTimer);
    this.setState('joining');
    if (!this.client.isOpen()) {
      this.client.connect();
      return;
    }
    this.joinRef = this.client.push(this.topic, EVENTS.join, {});
    this.joinTimer = setTimeout(() => {
      this.joinRef = null;
      this.errored('TIMED_OUT');
    }, REALTIME_TIMING.joinTimeoutMs);
  }

  private errored(result: SubscribeResult, error?: Error): void {
    clearTimeout(this.joinTimer);
    this.setState('errored');
    this.callback?.(result, error);
    if (!this.client.isOpen()) return;
    clearTimeout(this.rejoinTimer);
    const delay = reconnectDelayMs(this.rejoinAttempts);
    this.rejoinAttempts += 1;
    this.rejoinTimer = setTimeout(() => this.join(), delay);
  }

  private closed(): void {
    this.clearTimers();
    this.leaveRef = null;
    this.setState('closed');
    this.callback?.('CLOSED');
    this.client.remove(this);
  }

  private clearTimers(): void {
    clearTimeout(this.joinTimer);
    clearTimeout(this.rejoinTimer);
  }

  private setState(state: ChannelState): void {
    if (this.state === state) return;
    this.state = state;
    for (const listener of this.stateListeners) listener(state);
  }
}

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

import type { ChannelState, RealtimeFrame, SubscribeResult } from '@fleetdeck/shared/realtime-contract';
import type { RealtimeClient } from './realtime-client.ts';
import {
  EVENTS,
  REALTIME_TIMING,
  reconnectDelayMs,
  replyOf,
  type EventHandler,
  type SubscribeCallback,
} from './realtime-protocol.ts';

/** One topic on the socket, with the channel states and subscribe results of the realtime contract. */
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

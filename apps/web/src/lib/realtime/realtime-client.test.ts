import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEARTBEAT_INTERVAL_MS, JOIN_TIMEOUT_MS } from '@fleetdeck/shared/realtime-protocol';
import { RealtimeClient } from './realtime-client.ts';
import { reconnectDelayMs, type WebSocketLike } from './realtime-protocol.ts';

interface Sent {
  topic: string;
  event: string;
  payload: unknown;
  ref: string;
}

/** A WebSocket double: tests open, answer and drop it by hand. */
class FakeSocket implements WebSocketLike {
  static instances: FakeSocket[] = [];
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  readonly sent: Sent[] = [];
  closedWith: number | undefined;
  readonly url: string;

  constructor(url: string) {
    this.url = url;
    FakeSocket.instances.push(this);
  }
  send(data: string): void {
    this.sent.push(JSON.parse(data) as Sent);
  }
  close(code?: number): void {
    this.closedWith = code ?? 1000;
    this.readyState = 3;
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  drop(): void {
    this.readyState = 3;
    this.onclose?.({ code: 1006 } as CloseEvent);
  }
  receive(frame: { topic: string; event: string; payload: unknown; ref?: string | null }): void {
    this.message(JSON.stringify({ ref: null, ...frame }));
  }
  message(data: unknown): void {
    this.onmessage?.({ data } as MessageEvent);
  }
  last(event: string): Sent {
    const frame = this.sent.findLast((sent) => sent.event === event);
    if (!frame) throw new Error(`no ${event} sent`);
    return frame;
  }
  replyTo(event: string, status: 'ok' | 'error', response: Record<string, unknown> = {}): void {
    const frame = this.last(event);
    this.receive({ topic: frame.topic, event: 'phx_reply', payload: { status, response }, ref: frame.ref });
  }
}

const latest = () => {
  const socket = FakeSocket.instances.at(-1);
  if (!socket) throw new Error('no socket opened');
  return socket;
};

let client: RealtimeClient;
beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.instances = [];
  client = new RealtimeClient('ws://fleetdeck.test/api/realtime', FakeSocket);
});
afterEach(() => {
  client.disconnect();
  vi.useRealTimers();
});

describe('realtime client', () => {
  it('reconnects after 1, 2, 5 and 10 s, then every 10 s', () => {
    expect([0, 1, 2, 3, 4, 9].map(reconnectDelayMs)).toEqual([1000, 2000, 5000, 10_000, 10_000, 10_000]);
  });

  it('joins a channel: joining, then joined and SUBSCRIBED; broadcasts reach listeners only once joined', () => {
    const results: string[] = [];
    const progress: unknown[] = [];
    const channel = client.channel('org:1');
    channel.on('sync.progress', (payload) => progress.push(payload));
    channel.subscribe((result) => results.push(result));
    expect(channel.state).toBe('joining');
    expect(latest().url).toBe('ws://fleetdeck.test/api/realtime');
    expect(latest().sent).toEqual([]);

    latest().open();
    expect(latest().last('phx_join').topic).toBe('org:1');
    latest().receive({ topic: 'org:1', event: 'sync.progress', payload: { early: true } });
    latest().replyTo('phx_join', 'ok');
    expect(channel.state).toBe('joined');
    expect(results).toEqual(['SUBSCRIBED']);

    latest().receive({ topic: 'org:1', event: 'sync.progress', payload: { id: 'run-1' } });
    latest().receive({ topic: 'org:2', event: 'sync.progress', payload: { id: 'other' } });
    expect(progress).toEqual([{ id: 'run-1' }]);
  });

  it('reports TIMED_OUT after 10 s without a reply, then tries the join again', () => {
    const results: string[] = [];
    const channel = client.channel('org:1').subscribe((result) => results.push(result));
    latest().open();
    vi.advanceTimersByTime(JOIN_TIMEOUT_MS - 1);
    expect(results).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(results).toEqual(['TIMED_OUT']);
    expect(channel.state).toBe('errored');

    vi.advanceTimersByTime(1000);
    expect(channel.state).toBe('joining');
    expect(latest().sent.filter((frame) => frame.event === 'phx_join')).toHaveLength(2);
    latest().replyTo('phx_join', 'ok');
    expect(results).toEqual(['TIMED_OUT', 'SUBSCRIBED']);
  });

  it('reports CHANNEL_ERROR with the reason when the server refuses the join', () => {
    const results: [string, string | undefined][] = [];
    const channel = client
      .channel('org:other')
      .subscribe((result, error) => results.push([result, error?.message]));
    latest().open();
    latest().replyTo('phx_join', 'error', { reason: 'unauthorized' });
    expect(channel.state).toBe('errored');
    expect(results).toEqual([['CHANNEL_ERROR', 'unauthorized']]);
  });

  it('leaves: leaving, then closed and CLOSED; the socket closes with the last channel', () => {
    const results: string[] = [];
    const channel = client.channel('org:1').subscribe((result) => results.push(result));
    latest().open();
    latest().replyTo('phx_join', 'ok');
    channel.unsubscribe();
    expect(channel.state).toBe('leaving');
    expect(latest().last('phx_leave').topic).toBe('org:1');
    latest().replyTo('phx_leave', 'ok');
    expect(channel.state).toBe('closed');
    expect(results).toEqual(['SUBSCRIBED', 'CLOSED']);
    expect(latest().closedWith).toBe(1000);
  });

  it('a phx_error from the server errors the channel and it joins again', () => {
    const results: string[] = [];
    const channel = client.channel('org:1').subscribe((result) => results.push(result));
    latest().open();
    latest().replyTo('phx_join', 'ok');
    latest().receive({ topic: 'org:1', event: 'phx_error', payload: {} });
    expect(channel.state).toBe('errored');
    expect(results).toEqual(['SUBSCRIBED', 'CHANNEL_ERROR']);
    vi.advanceTimersByTime(1000);
    latest().replyTo('phx_join', 'ok');
    expect(channel.state).toBe('joined');
  });

  it('sends a heartbeat every 25 s and reconnects when one goes unanswered', () => {
    client.channel('org:1').subscribe();
    const first = latest();
    first.open();
    first.replyTo('phx_join', 'ok');
    vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS);
    expect(first.last('heartbeat').topic).toBe('phoenix');
    first.replyTo('heartbeat', 'ok');
    vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS);
    expect(first.sent.filter((frame) => frame.event === 'heartbeat')).toHaveLength(2);
    expect(first.closedWith).toBeUndefined();

    vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS);
    expect(first.closedWith).toBe(4000);
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('reconnects after 1, 2, 5, 10 and again 10 s, and joins its channels again', () => {
    const results: string[] = [];
    const channel = client.channel('org:1').subscribe((result) => results.push(result));
    latest().open();
    latest().replyTo('phx_join', 'ok');

    latest().drop();
    expect(channel.state).toBe('errored');
    expect(results).toEqual(['SUBSCRIBED', 'CHANNEL_ERROR']);
    const waits: number[] = [];
    for (const delay of [1000, 2000, 5000, 10_000, 10_000]) {
      const count = FakeSocket.instances.length;
      vi.advanceTimersByTime(delay - 1);
      expect(FakeSocket.instances).toHaveLength(count);
      vi.advanceTimersByTime(1);
      expect(FakeSocket.instances).toHaveLength(count + 1);
      waits.push(delay);
      if (waits.length < 5) latest().drop();
    }
    latest().open();
    expect(latest().last('phx_join').topic).toBe('org:1');
    latest().replyTo('phx_join', 'ok');
    expect(channel.state).toBe('joined');
    expect(results.at(-1)).toBe('SUBSCRIBED');

    // A successful connection resets the backoff.
    latest().drop();
    const count = FakeSocket.instances.length;
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.instances).toHaveLength(count + 1);
  });

  it('ignores frames that are not JSON objects with a topic and an event', () => {
    const heard: unknown[] = [];
    const channel = client.channel('org:1');
    channel.on('fleet.changed', (payload) => heard.push(payload));
    channel.subscribe();
    latest().open();
    latest().replyTo('phx_join', 'ok');
    latest().message('not json');
    latest().message(JSON.stringify({ topic: 'org:1' }));
    latest().message(new ArrayBuffer(2));
    latest().receive({ topic: 'org:1', event: 'fleet.changed', payload: { reason: 'sync' } });
    expect(heard).toEqual([{ reason: 'sync' }]);
  });
});

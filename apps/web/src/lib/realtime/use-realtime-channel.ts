import { useEffect, useRef, useState } from 'react';
import type { ChannelState, SubscribeResult } from '@fleetdeck/shared/realtime-contract';
import { RealtimeClient } from './realtime-client.ts';

const REALTIME_PATH = '/api/realtime';
let shared: RealtimeClient | undefined;

/** The page's one realtime client, on the page's own origin (the session cookie authenticates it). */
export function browserRealtimeClient(): RealtimeClient {
  if (!shared) {
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    shared = new RealtimeClient(`${scheme}://${window.location.host}${REALTIME_PATH}`, WebSocket);
  }
  return shared;
}

export type RealtimeHandlers = Readonly<Record<string, (payload: unknown) => void>>;

export interface RealtimeChannelStatus {
  readonly state: ChannelState;
  readonly result: SubscribeResult | undefined;
}

/**
 * Why: pages listen to their organization's channel while they are shown; `topic` null listens to
 * nothing. Handlers may change every render; the latest ones are called.
 */
export function useRealtimeChannel(topic: string | null, handlers: RealtimeHandlers): RealtimeChannelStatus {
  const latest = useRef(handlers);
  const [status, setStatus] = useState<RealtimeChannelStatus>({ state: 'closed', result: undefined });
  useEffect(() => {
    latest.current = handlers;
  });
  const events = Object.keys(handlers).sort().join(',');
  useEffect(() => {
    if (!topic) return;
    const channel = browserRealtimeClient().channel(topic);
    const stops = events
      .split(',')
      .filter(Boolean)
      .map((event) => channel.on(event, (payload) => latest.current[event]?.(payload)));
    const stopState = channel.onStateChange((state) => setStatus((previous) => ({ ...previous, state })));
    channel.subscribe((result) => setStatus({ state: channel.state, result }));
    return () => {
      for (const stop of stops) stop();
      stopState();
      channel.unsubscribe();
    };
  }, [topic, events]);
  return status;
}

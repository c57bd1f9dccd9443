import WebSocket from 'ws';
import type { RealtimeFrame } from '@fleetdeck/shared/realtime-contract';

/** A client socket for the realtime tests: collects frames, waits for one, or for the close. */
export class TestSocket {
  readonly frames: RealtimeFrame[] = [];
  readonly ws: WebSocket;
  closeCode: number | undefined;

  constructor(url: string, headers: Record<string, string> = {}) {
    this.ws = new WebSocket(url, { headers });
    this.ws.on('message', (data) =>
      this.frames.push(JSON.parse((data as Buffer).toString('utf8')) as RealtimeFrame),
    );
    this.ws.on('close', (code) => {
      this.closeCode = code;
    });
  }

  /** Whether the upgrade was accepted. */
  opened(): Promise<boolean> {
    return new Promise((resolve) => {
      this.ws.once('open', () => resolve(true));
      this.ws.once('error', () => resolve(false));
      this.ws.once('unexpected-response', () => resolve(false));
    });
  }

  /** The close code once the server closed it, or 'open' if it is still open after the wait. */
  closed(timeoutMs = 3000): Promise<number | 'open'> {
    if (this.closeCode !== undefined) return Promise.resolve(this.closeCode);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve('open'), timeoutMs);
      this.ws.once('close', (code) => {
        clearTimeout(timer);
        resolve(code);
      });
    });
  }

  send(frame: RealtimeFrame): void {
    this.ws.send(JSON.stringify(frame));
  }

  async next(match: (frame: RealtimeFrame) => boolean, timeoutMs = 3000): Promise<RealtimeFrame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching frame in ${JSON.stringify(this.frames)}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  close(): void {
    this.ws.terminate();
  }
}

/**
 * Google's "Write requests for Chrome Devices" quota (60 a minute per user on a free Education
 * account, issue 28): every call that changes a device (moveDevicesToOu and batchChangeStatus count
 * once whatever their number of ids; a patch, an update, an action, a command) counts against it,
 * reads never do. When set, a write over the limit answers 429 `rateLimitExceeded` with
 * Retry-After, and is not counted. Measured on the wall clock, not the emulator's: it limits how
 * fast a client calls, whatever time the fleet lives in. `windowMs` shortens the minute so a test
 * can see several windows in seconds.
 *
 * A journal of the writes Google accepted, per device, lets a test tell a device acted on twice
 * from one acted on once.
 */
import { rateLimited, type GoogleErrorInit } from '../http/google-errors.ts';

const DEVICE_WRITE = /^\/admin\/directory\/v1\/customer\/[^/]+\/devices\/chromeos(?:[/:]|$)/;
const DEFAULT_WINDOW_MS = 60_000;

/** Whether a request path and method is a write to a ChromeOS device (the quota's metric). */
export function isDeviceWrite(method: string, path: string): boolean {
  return method !== 'GET' && method !== 'HEAD' && DEVICE_WRITE.test(path);
}

export interface DeviceWritesView {
  quota: { writesPerMinute: number; windowMs: number; usedInWindow: number } | null;
  /** Write calls served (not throttled) since the last reset. */
  calls: number;
  /** Write calls answered 429 by the quota. */
  throttled: number;
  /** The most write calls served within any one window (the quota's window, or a minute). */
  maxInWindow: number;
  /** Devices written to, and how many accepted writes each received. */
  byDevice: Record<string, number>;
}

export class DeviceWrites {
  #limit = 0;
  #windowMs = DEFAULT_WINDOW_MS;
  /** Times (wall clock, ms) of the write calls served, oldest first. */
  #served: number[] = [];
  #throttled = 0;
  #byDevice = new Map<string, number>();

  setQuota(writesPerMinute: number, windowMs = DEFAULT_WINDOW_MS): void {
    this.#limit = Math.max(0, writesPerMinute);
    this.#windowMs = windowMs;
  }

  /** The 429 to answer instead of serving this write, if the quota is used up; else counts it. */
  decide(now: number): GoogleErrorInit | undefined {
    if (this.#limit > 0) {
      const inWindow = this.#inWindow(now);
      if (inWindow.length >= this.#limit) {
        this.#throttled += 1;
        const oldest = inWindow[0] ?? now;
        const retryAfter = Math.max(1, Math.ceil((oldest + this.#windowMs - now) / 1000));
        return {
          ...rateLimited('directory', this.#limit, retryAfter),
          message: `Quota exceeded for quota metric 'Write requests for Chrome Devices' and limit 'Write requests for Chrome Devices per minute per user' of service 'admin.googleapis.com' for consumer 'project_number:1040000000001'.`,
        };
      }
    }
    this.#served.push(now);
    return undefined;
  }

  /** Why: a test asks whether a device received a change twice. */
  record(deviceIds: Iterable<string>): void {
    for (const id of deviceIds) this.#byDevice.set(id, (this.#byDevice.get(id) ?? 0) + 1);
  }

  describe(now: number): DeviceWritesView {
    return {
      quota:
        this.#limit > 0
          ? {
              writesPerMinute: this.#limit,
              windowMs: this.#windowMs,
              usedInWindow: this.#inWindow(now).length,
            }
          : null,
      calls: this.#served.length,
      throttled: this.#throttled,
      maxInWindow: this.#maxInWindow(),
      byDevice: Object.fromEntries(this.#byDevice),
    };
  }

  reset(): void {
    this.#limit = 0;
    this.#windowMs = DEFAULT_WINDOW_MS;
    this.#served = [];
    this.#throttled = 0;
    this.#byDevice = new Map();
  }

  #inWindow(now: number): number[] {
    const from = now - this.#windowMs;
    let first = this.#served.length;
    while (first > 0 && (this.#served[first - 1] ?? 0) > from) first -= 1;
    return this.#served.slice(first);
  }

  #maxInWindow(): number {
    let max = 0;
    let start = 0;
    for (let end = 0; end < this.#served.length; end++) {
      const at = this.#served[end] ?? 0;
      while ((this.#served[start] ?? 0) <= at - this.#windowMs) start += 1;
      max = Math.max(max, end - start + 1);
    }
    return max;
  }
}

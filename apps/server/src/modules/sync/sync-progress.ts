import type { SyncError, SyncPhase, SyncProgress } from '@fleetdeck/shared/sync-contract';

/**
 * A run's live progress: counters the shards add to, the waits Google imposed, errors (recovered
 * or not), the devices-per-second rate and the time left. Persisted and published by the engine,
 * throttled to one flush per interval so progress never costs a write per page.
 */

const MAX_ERRORS = 100;

export function emptyProgress(): SyncProgress {
  return {
    orgUnits: 0,
    shardsTotal: 0,
    shardsDone: 0,
    pages: 0,
    devicesSeen: 0,
    devicesWritten: 0,
    devicesCreated: 0,
    devicesDeleted: 0,
    historyRows: 0,
    telemetrySamples: 0,
    telemetryRefreshed: false,
    rate: 0,
    expectedDevices: null,
    etaSeconds: null,
    retries: 0,
    waitedMs: 0,
    shardRestarts: 0,
  };
}

export class SyncProgressTracker {
  phase: SyncPhase = 'queued';
  readonly progress: SyncProgress;
  readonly errors: SyncError[];
  readonly #now: () => number;
  #devicesStartedAt: number | undefined;
  #devicesAtStart = 0;
  /** Google's count of devices in service, for a first sync's estimate; written and active so far. */
  #googleActive: number | undefined;
  #written = 0;
  #active = 0;

  constructor(start: {
    progress?: Partial<SyncProgress>;
    errors?: readonly SyncError[];
    now?: () => number;
  }) {
    this.progress = { ...emptyProgress(), ...start.progress };
    this.errors = [...(start.errors ?? [])];
    this.#now = start.now ?? Date.now;
  }

  enter(phase: SyncPhase): void {
    this.phase = phase;
    if (phase === 'devices') {
      this.#devicesStartedAt = this.#now();
      this.#devicesAtStart = this.progress.devicesSeen;
    }
  }

  /** Counts a committed device page and refreshes rate and time left. */
  addDevicePage(page: {
    seen: number;
    written: number;
    created: number;
    historyRows: number;
    /** Of the devices the page wrote, those in service (what Google's fleet count counts). */
    active?: number;
  }): void {
    const p = this.progress;
    p.pages += 1;
    p.devicesSeen += page.seen;
    p.devicesWritten += page.written;
    p.devicesCreated += page.created;
    p.historyRows += page.historyRows;
    this.#written += page.written;
    this.#active += page.active ?? 0;
    this.#refreshExpected();
    this.#refreshRate();
  }

  /**
   * Why: a first sync has no earlier run to say how many devices to expect. Google counts the
   * devices in service (its hardware fleet report); the fleet is that count scaled by the share of
   * the devices written so far that are in service, so the bar and the time left hold from the
   * first pages.
   */
  expectFromActiveCount(active: number): void {
    if (this.progress.expectedDevices !== null) return;
    this.#googleActive = active;
    this.#refreshExpected();
  }

  #refreshExpected(): void {
    if (this.#googleActive === undefined) return;
    const share = this.#written > 0 && this.#active > 0 ? this.#active / this.#written : 1;
    this.progress.expectedDevices = Math.max(
      this.progress.devicesSeen,
      Math.round(this.#googleActive / share),
    );
  }

  addTelemetryPage(samples: number): void {
    this.progress.pages += 1;
    this.progress.telemetrySamples += samples;
  }

  /** Google asked us to wait (a 429/5xx retried by the client). */
  noteRetry(
    delayMs: number,
    error: { status: number | undefined; message: string; operation: string },
  ): void {
    this.progress.retries += 1;
    this.progress.waitedMs += delayMs;
    const code = error.status === 429 ? 'rate_limited' : `google_${error.status ?? 'network'}`;
    this.addError({
      code,
      message: `${error.operation}: ${error.message} (waited ${delayMs} ms)`,
      recovered: true,
    });
  }

  addError(error: { code: string; message: string; recovered: boolean; shard?: string | undefined }): void {
    this.errors.push({
      at: new Date(this.#now()).toISOString(),
      phase: this.phase,
      code: error.code,
      message: error.message.slice(0, 2000),
      recovered: error.recovered,
      ...(error.shard === undefined ? {} : { shard: error.shard.slice(0, 2000) }),
    });
    if (this.errors.length > MAX_ERRORS) this.errors.splice(0, this.errors.length - MAX_ERRORS);
  }

  #refreshRate(): void {
    const p = this.progress;
    const started = this.#devicesStartedAt;
    if (started === undefined) return;
    const seconds = Math.max(0.001, (this.#now() - started) / 1000);
    p.rate = Math.round(((p.devicesSeen - this.#devicesAtStart) / seconds) * 10) / 10;
    if (p.expectedDevices !== null && p.rate > 0) {
      p.etaSeconds = Math.max(0, Math.round((p.expectedDevices - p.devicesSeen) / p.rate));
    }
  }
}

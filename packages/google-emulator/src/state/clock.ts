/**
 * The emulator's clock. Everything that changes over time (check-ins, OS updates, telemetry
 * samples, command execution, token and page-token expiry) reads this clock, never Date.now, so a
 * test can freeze time and step it forward and see the same fleet every run.
 */
export type ClockStart = number | Date | (() => number);

export class EmulatorClock {
  readonly #source: () => number;
  #offsetMs = 0;
  #frozenAt: number | undefined;

  /**
   * `start` omitted: real time. A number or Date: frozen at that instant, moving only when advanced.
   * A function: that function is the running time source (offset by any advances).
   */
  constructor(start?: ClockStart) {
    if (typeof start === 'function') this.#source = start;
    else {
      this.#source = () => Date.now();
      if (start !== undefined) this.#frozenAt = start instanceof Date ? start.getTime() : start;
    }
  }

  now(): number {
    return (this.#frozenAt ?? this.#source()) + this.#offsetMs;
  }

  get frozen(): boolean {
    return this.#frozenAt !== undefined;
  }

  advance(ms: number): number {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('the clock only moves forward');
    this.#offsetMs += ms;
    return this.now();
  }

  /** Stops the clock where it is (or at `at`, which must not be in its past). */
  freeze(at?: number): number {
    const now = this.now();
    if (at !== undefined && at < now) throw new RangeError('the clock only moves forward');
    this.#frozenAt = at ?? now;
    this.#offsetMs = 0;
    return this.now();
  }

  /** Lets the clock run in real time again from where it stands. */
  resume(): number {
    const now = this.now();
    this.#frozenAt = undefined;
    this.#offsetMs = now - this.#source();
    return now;
  }
}

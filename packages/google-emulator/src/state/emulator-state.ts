/**
 * Everything the emulator knows, behind one object: the clock, the generated fleet, issued
 * commands, page tokens, faults and counters. Routes read it; the control API resets or reseeds it.
 */
import { FaultInjector, RequestCounters } from '../faults/fault-injector.ts';
import { DeviceWrites } from '../faults/device-writes.ts';
import { DEFAULT_PAGE_TOKEN_TTL_MS, PageTokens } from '../http/page-tokens.ts';
import { EmulatorClock, type ClockStart } from './clock.ts';
import { CommandStore } from './commands.ts';
import type { Fleet } from './fleet.ts';
import { enrollDevices } from './fleet-enrollment.ts';
import { FLEET_SIZE, generateFleet } from './fleet-generator.ts';
import { personEmail } from './people.ts';
import { seedFromString } from './random.ts';

export interface EmulatorStateOptions {
  /** Devices in the fleet, 100 to 250,000. */
  size?: number;
  /** A number, or any text (hashed to one). */
  seed?: number | string;
  pageTokenTtlMs?: number;
  /** Omitted: real time. A number or Date: a frozen clock starting there. A function: a time source. */
  now?: ClockStart;
}

export const DEFAULT_SEED = 1;

export function normalizeSeed(seed: number | string | undefined): number {
  if (seed === undefined) return DEFAULT_SEED;
  if (typeof seed === 'number' && Number.isInteger(seed)) return seed >>> 0;
  const text = String(seed);
  return /^\d+$/.test(text) ? Number(text) >>> 0 : seedFromString(text);
}

export class EmulatorState {
  readonly clock: EmulatorClock;
  readonly pageTokens: PageTokens;
  readonly faults: FaultInjector;
  readonly counters: RequestCounters;
  /** The write quota of ChromeOS devices and the journal of accepted device writes. */
  readonly writes = new DeviceWrites();
  /** Where the emulator is reachable; set by `listen`. Used in URLs the API hands out. */
  origin = 'http://127.0.0.1';
  #fleet: Fleet;
  #commands: CommandStore;
  readonly #initial: { seed: number; size: number; anchor: number };
  /** Bumped whenever the fleet is replaced, so caches keyed on it drop their entries. */
  generation = 0;
  readonly #replacedListeners: (() => void)[] = [];

  constructor(options: EmulatorStateOptions = {}) {
    this.clock = new EmulatorClock(options.now);
    const seed = normalizeSeed(options.seed);
    const size = options.size ?? FLEET_SIZE.default;
    const anchor = this.clock.now();
    this.#initial = { seed, size, anchor };
    this.#fleet = generateFleet({ seed, size, anchor });
    this.#commands = new CommandStore(this.#fleet);
    this.pageTokens = new PageTokens(
      () => this.clock.now(),
      `fleet-${seed}`,
      options.pageTokenTtlMs ?? DEFAULT_PAGE_TOKEN_TTL_MS,
    );
    this.faults = new FaultInjector(seed);
    this.counters = new RequestCounters(anchor);
  }

  get fleet(): Fleet {
    return this.#fleet;
  }

  get commands(): CommandStore {
    return this.#commands;
  }

  now(): number {
    return this.clock.now();
  }

  /** The customer stays the same across reseeds so issued tokens and stored ids keep working. */
  get customer(): Fleet['customer'] {
    return this.#fleet.customer;
  }

  /** Whether a Directory `customerId` / `customerKey` names this customer (`my_customer`, with or without the C). */
  isCustomer(id: string): boolean {
    const own = this.customer.id;
    return id === 'my_customer' || id === own || `C${id}` === own;
  }

  emailOf(person: number): string {
    return personEmail(person, this.customer.domain);
  }

  /** Lands command side effects that are due; called before every API request. */
  settle(): void {
    this.#commands.settle(this.now());
  }

  /** A new fleet of `size` devices from `seed`, generated against the current clock reading. */
  reseed(options: { size?: number; seed?: number | string }): void {
    const seed = options.seed === undefined ? this.#fleet.seed : normalizeSeed(options.seed);
    const size = options.size ?? this.#fleet.size;
    this.#replace(generateFleet({ seed, size, anchor: this.now(), customer: this.customer }));
  }

  /**
   * `count` new ACTIVE devices, enrolled now; the existing devices, their commands and the OUs stay
   * as they are (listings and caches keyed on the generation start over).
   */
  enroll(count: number): string[] {
    const before = this.#fleet.devices.count;
    this.#fleet = enrollDevices(this.#fleet, count, this.now());
    this.#commands.replaceFleet(this.#fleet);
    this.generation++;
    return this.#fleet.devices.deviceId.slice(before);
  }

  /** Back to the fleet the emulator started with; faults, quotas, commands and counters cleared. */
  reset(): void {
    this.#replace(generateFleet({ ...this.#initial, customer: this.customer }));
    this.faults.reset();
    this.writes.reset();
    this.counters.reset(this.now());
  }

  /** Runs `listener` after every reseed or reset (state kept outside, such as policies, follows the new OUs). */
  onFleetReplaced(listener: () => void): void {
    this.#replacedListeners.push(listener);
  }

  #replace(fleet: Fleet): void {
    this.#fleet = fleet;
    this.#commands = new CommandStore(fleet);
    this.pageTokens.expireAll();
    this.generation++;
    for (const listener of this.#replacedListeners) listener();
  }
}

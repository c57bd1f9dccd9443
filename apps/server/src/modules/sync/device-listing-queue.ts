import type { ChromeOsDevice } from '@fleetdeck/google/directory/chromeos-device.schema';
import { baseShard, descendingShard } from './device-shard-planner.ts';
import type { SharedListing } from './paged-shard.ts';
import type { WorkSignal } from './shard-runner.ts';
import type { Checkpoint } from './sync-checkpoints.ts';
import { listingKey, TwoEndedListing, type ListingEnd } from './two-ended-listing.ts';

/**
 * Which page chain a free lane of the device phase walks next: a planned shard from its first end,
 * or a running shard from its other end. A second chain costs the shard an extra partial page and
 * a request dropped where the chains meet, so it starts only where it shortens the phase, for the
 * running shard with the most pages left beyond the one its chain already asked for (at least one):
 *
 * - when no planned shard is left to start (the lane would idle while the last shards finish);
 * - earlier when that shard is expected to outlast the shards still waiting: its remaining pages
 *   are at least what the waiting shards give each lane. Remaining pages come from the last sync's
 *   device counts, or, without them (a first or resumed run), from the pages the shard listed so
 *   far (the longer a listing ran, the longer it tends to run on).
 *
 * A second chain takes a lane like any other, so no more than `lanes` Directory calls are in
 * flight. With one lane there is nothing to balance and shards are listed as single chains.
 */

export interface DeviceChain {
  /** The checkpoint key: the shard's, or its second chain's. */
  readonly key: string;
  readonly checkpoint: Checkpoint;
  readonly end: ListingEnd;
  /** Shared by the shard's chains; absent when shards are listed as single chains. */
  readonly listing: TwoEndedListing | undefined;
  /** The checkpoint does not exist yet (a second chain started by this attempt). */
  readonly create: boolean;
}

interface ShardState {
  readonly key: string;
  readonly position: number;
  /** Devices the last sync found in the shard, when known. */
  readonly devices: number | undefined;
  readonly listing: TwoEndedListing | undefined;
  secondChain: boolean;
  done: boolean;
}

export class DeviceListingQueue {
  readonly #lanes: number;
  readonly #pageSize: number;
  readonly #shards = new Map<string, ShardState>();
  readonly #waiting: DeviceChain[] = [];
  #finishedPages = 0;
  #finishedShards = 0;

  constructor(
    checkpoints: readonly Checkpoint[],
    options: {
      lanes: number;
      pageSize: number;
      work: WorkSignal;
      /** Devices per shard key from the last sync (a fresh plan only). */
      devices?: ReadonlyMap<string, number> | undefined;
    },
  ) {
    this.#lanes = options.lanes;
    this.#pageSize = options.pageSize;
    const byKey = new Map(checkpoints.map((checkpoint) => [checkpoint.shard, checkpoint]));
    for (const checkpoint of checkpoints) {
      if (baseShard(checkpoint.shard) !== checkpoint.shard) continue;
      const second = byKey.get(descendingShard(checkpoint.shard));
      const listing = this.#lanes > 1 ? new TwoEndedListing(() => options.work.notify()) : undefined;
      const state: ShardState = {
        key: checkpoint.shard,
        position: checkpoint.position,
        devices: options.devices?.get(checkpoint.shard),
        listing,
        secondChain: second !== undefined,
        done: checkpoint.done || second?.done === true,
      };
      this.#shards.set(state.key, state);
      if (state.done) continue;
      // A resumed shard stops where the other chain's committed pages end.
      listing?.seed('ascending', checkpoint.lastItem);
      this.#waiting.push({ key: state.key, checkpoint, end: 'ascending', listing, create: false });
      if (second === undefined) continue;
      listing?.seed('descending', second.lastItem);
      this.#waiting.push({
        key: second.shard,
        checkpoint: second,
        end: 'descending',
        listing,
        create: false,
      });
    }
  }

  /** Shards of the plan (a shard's second chain is not one more). */
  get shardCount(): number {
    return this.#shards.size;
  }

  get doneCount(): number {
    return [...this.#shards.values()].filter((shard) => shard.done).length;
  }

  /** Why: the lanes' only question; `undefined` when nothing can start now. */
  next(from: 'first' | 'last' = 'first'): DeviceChain | undefined {
    // The last shards in plan order are subtrees: the one lane of a first copy's lead starts there,
    // where devices are, rather than on the single units that often hold none (decision 046).
    if (from === 'last' && this.#waiting.length > 0) return this.#waiting.pop();
    const split = this.#splitCandidate();
    if (
      split &&
      (this.#waiting.length === 0 || this.#remainingPages(split) >= this.#waitingPages() / this.#lanes)
    )
      return this.#startSecondChain(split);
    return this.#waiting.shift();
  }

  /** Why: a shard counts as done once, when its listing is complete; true the first time. */
  chainEnded(chain: DeviceChain): boolean {
    const state = this.#shards.get(baseShard(chain.key));
    if (!state || state.done) return false;
    if (state.listing && !state.listing.finished) return false;
    state.done = true;
    if (state.listing) {
      this.#finishedShards += 1;
      this.#finishedPages += state.listing.pages.ascending + state.listing.pages.descending;
    }
    return true;
  }

  #splitCandidate(): ShardState | undefined {
    let best: ShardState | undefined;
    let most = 0;
    for (const shard of this.#shards.values()) {
      if (shard.done || shard.secondChain || !shard.listing?.more) continue;
      const remaining = this.#remainingPages(shard);
      if (remaining > most) [best, most] = [shard, remaining];
    }
    return best;
  }

  #startSecondChain(shard: ShardState): DeviceChain {
    shard.secondChain = true;
    const key = descendingShard(shard.key);
    const checkpoint: Checkpoint = {
      shard: key,
      position: shard.position,
      pageToken: null,
      pages: 0,
      items: 0,
      restarts: 0,
      done: false,
      lastItem: null,
    };
    return { key, checkpoint, end: 'descending', listing: shard.listing, create: true };
  }

  /**
   * Pages a running shard has beyond the one its chain already asked for: known from its size, or
   * guessed as many as it listed so far (the longer a listing ran, the longer it tends to run on).
   */
  #remainingPages(shard: ShardState): number {
    const listing = shard.listing;
    if (!listing) return 0;
    const listed = listing.pages.ascending + listing.pages.descending;
    const known = shard.devices;
    return (known === undefined ? listed : Math.ceil((known - listing.items) / this.#pageSize)) - 1;
  }

  /** Pages of the shards not started yet: known from their sizes, or the average shard's so far. */
  #waitingPages(): number {
    const average = this.#finishedShards ? this.#finishedPages / this.#finishedShards : 1;
    let pages = 0;
    for (const chain of this.#waiting) {
      const devices = this.#shards.get(baseShard(chain.key))?.devices;
      pages += devices === undefined ? average : Math.max(1, Math.ceil(devices / this.#pageSize));
    }
    return pages;
  }
}

/** Why: the device phase's side of a shared listing: a device's identity and its serial number. */
export function sharedDeviceListing(
  listing: TwoEndedListing,
  chain: DeviceChain,
): SharedListing<ChromeOsDevice> {
  const base = baseShard(chain.key);
  return {
    stopped: listing.stopped,
    siblings: [chain.end === 'ascending' ? descendingShard(base) : base],
    restart: () => listing.restart(chain.end),
    take: (page) => {
      const listed = page.items.map((device) => ({
        id: device.deviceId,
        key: listingKey(device.serialNumber),
      }));
      const taken = listing.take(chain.end, listed, page.nextPageToken !== undefined);
      if (!taken) return undefined;
      return {
        items: taken.keep.map((index) => page.items[index] as ChromeOsDevice),
        last: taken.last,
        lastItem: taken.lastItem,
        ready: taken.ready,
        settle: (error) => taken.settle(error),
      };
    },
  };
}

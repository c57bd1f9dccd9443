import { describe, expect, it } from 'vitest';
import { DeviceListingQueue, type DeviceChain } from './device-listing-queue.ts';
import { WorkSignal } from './shard-runner.ts';
import type { Checkpoint } from './sync-checkpoints.ts';
import type { ListedItem } from './two-ended-listing.ts';

function checkpoint(shard: string, position: number, extra: Partial<Checkpoint> = {}): Checkpoint {
  return {
    shard,
    position,
    pageToken: null,
    pages: 0,
    items: 0,
    restarts: 0,
    done: false,
    lastItem: null,
    ...extra,
  };
}

function page(from: number, size = 10): ListedItem[] {
  return Array.from({ length: size }, (_, i) => ({ id: `d${from + i}`, key: `s${from + i}` }));
}

/** Takes one page of `chain` with more to come, as a walking chain would. */
function listPage(chain: DeviceChain, from: number): void {
  chain.listing?.take(chain.end, page(from), true)?.settle();
}

describe('device listing queue', () => {
  const plan = ['tree:a', 'tree:b', 'tree:c'].map((key, i) => checkpoint(key, i + 1));

  it('starts a second chain only when no shard waits and the first has pages left to share', () => {
    const queue = new DeviceListingQueue(plan, { lanes: 3, pageSize: 10, work: new WorkSignal() });
    const [a, b, c] = [queue.next(), queue.next(), queue.next()];
    expect([a?.key, b?.key, c?.key]).toEqual(['tree:a', 'tree:b', 'tree:c']);
    expect(queue.next()).toBeUndefined();
    // One page listed and one asked for: nothing left for a second chain to take yet.
    listPage(a as DeviceChain, 0);
    expect(queue.next()).toBeUndefined();
    listPage(a as DeviceChain, 10);
    const second = queue.next();
    expect(second).toMatchObject({ key: 'tree:a~desc', end: 'descending', create: true });
    expect(second?.listing).toBe(a?.listing);
    expect(second?.checkpoint.position).toBe(1);
    expect(queue.next()).toBeUndefined();
  });

  it('splits a shard known to outlast the waiting ones before starting them', () => {
    const devices = new Map([
      ['tree:a', 100],
      ['tree:b', 10],
      ['tree:c', 10],
    ]);
    const queue = new DeviceListingQueue(plan, { lanes: 2, pageSize: 10, work: new WorkSignal(), devices });
    const a = queue.next() as DeviceChain;
    listPage(a, 0);
    expect(queue.next()?.key).toBe('tree:a~desc');
    expect(queue.next()?.key).toBe('tree:b');
  });

  it('lists shards as single chains with one lane', () => {
    const queue = new DeviceListingQueue(plan, { lanes: 1, pageSize: 10, work: new WorkSignal() });
    const chains = [queue.next(), queue.next(), queue.next(), queue.next()];
    expect(chains.map((chain) => chain?.key)).toEqual(['tree:a', 'tree:b', 'tree:c', undefined]);
    expect(chains.every((chain) => chain?.listing === undefined)).toBe(true);
  });

  it('resumes both chains of a shard, and counts a shard done when either chain finished it', () => {
    const resumed = [
      checkpoint('tree:a', 1, { pageToken: 't1', pages: 2, items: 20, lastItem: 'd19' }),
      checkpoint('tree:a~desc', 1, { pageToken: 't2', pages: 1, items: 10, lastItem: 'd90' }),
      checkpoint('tree:b', 2),
      checkpoint('tree:b~desc', 2, { done: true }),
      checkpoint('tree:c', 3),
    ];
    const queue = new DeviceListingQueue(resumed, { lanes: 4, pageSize: 10, work: new WorkSignal() });
    expect([queue.shardCount, queue.doneCount]).toEqual([3, 1]);
    const chains = [queue.next(), queue.next(), queue.next()];
    expect(chains.map((chain) => chain?.key)).toEqual(['tree:a', 'tree:a~desc', 'tree:c']);
    // The ascending chain stops where the descending chain's committed pages end (d90).
    const taken = chains[0]?.listing?.take('ascending', page(85), true);
    expect(taken).toMatchObject({ keep: [0, 1, 2, 3, 4], last: true });
    expect(queue.chainEnded(chains[0] as DeviceChain)).toBe(true);
    expect(queue.chainEnded(chains[1] as DeviceChain)).toBe(false);
  });
});

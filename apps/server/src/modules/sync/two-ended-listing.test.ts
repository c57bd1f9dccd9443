import { describe, expect, it } from 'vitest';
import { TwoEndedListing, type ListedItem, type ListingEnd } from './two-ended-listing.ts';

/** A small deterministic generator, so a failing case can be replayed from its seed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

interface Chain {
  readonly end: ListingEnd;
  readonly order: readonly ListedItem[];
  /** Where the next page starts (the page token). */
  at: number;
  stopped: boolean;
}

/**
 * Lists `items` (ascending order) with two chains of `pageSize` pages, ascending and `descending`
 * (Google's descending order, whose ties may come in any order), taking pages in a random
 * interleaving. Returns every kept item, in the order kept.
 */
function listBothEnds(
  items: readonly ListedItem[],
  descending: readonly ListedItem[],
  pageSize: number,
  next: () => number,
  listing = new TwoEndedListing(),
  from: { ascending: number; descending: number } = { ascending: 0, descending: 0 },
): string[] {
  const kept: string[] = [];
  const chains: Chain[] = [
    { end: 'ascending', order: items, at: from.ascending, stopped: false },
    { end: 'descending', order: descending, at: from.descending, stopped: false },
  ];
  for (;;) {
    const open = chains.filter((chain) => !chain.stopped && chain.at < chain.order.length);
    const chain = open[Math.floor(next() * open.length)];
    if (!chain) break;
    const page = chain.order.slice(chain.at, chain.at + pageSize);
    chain.at += page.length;
    const taken = listing.take(chain.end, page, chain.at < chain.order.length);
    if (!taken) {
      chain.stopped = true;
      continue;
    }
    kept.push(...taken.keep.map((index) => (page[index] as ListedItem).id));
    taken.settle();
    if (taken.last) chain.stopped = true;
  }
  expect(listing.finished).toBe(true);
  return kept;
}

function fleet(size: number, distinctKeys: number, next: () => number): ListedItem[] {
  const items = Array.from({ length: size }, (_, i) => ({
    id: `d${i}`,
    key: `s${String(Math.floor(next() * distinctKeys)).padStart(6, '0')}`,
  }));
  return items.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** Google's descending order: keys descending, each tie group in an order of its own. */
function descendingOf(items: readonly ListedItem[], next: () => number, reverseTies: boolean): ListedItem[] {
  const groups = new Map<string, ListedItem[]>();
  for (const item of items) groups.set(item.key, [...(groups.get(item.key) ?? []), item]);
  return [...groups.keys()].reverse().flatMap((key) => {
    const group = [...(groups.get(key) ?? [])];
    if (reverseTies) return group.reverse();
    return group.sort(() => next() - 0.5);
  });
}

describe('two-ended listing', () => {
  it('keeps every item exactly once when the chains meet, with or without ties', () => {
    for (let seed = 1; seed <= 300; seed += 1) {
      const next = random(seed);
      const size = 1 + Math.floor(next() * 400);
      // From all-distinct serials to a few keys shared by many devices.
      const distinct = [1_000_000, size, Math.max(1, size >> 3), 2][seed % 4] ?? size;
      const items = fleet(size, distinct, next);
      const descending = descendingOf(items, next, seed % 3 === 0);
      const pageSize = 1 + Math.floor(next() * 60);
      const kept = listBothEnds(items, descending, pageSize, next);
      expect([seed, [...kept].sort()]).toEqual([seed, items.map((item) => item.id).sort()]);
    }
  });

  it('stops both chains within a page of where they meet', () => {
    const items = fleet(3000, 1_000_000, random(7));
    const listing = new TwoEndedListing();
    const pages = { ascending: 0, descending: 0 };
    let turn = 0;
    for (;;) {
      const end: ListingEnd = turn++ % 2 ? 'descending' : 'ascending';
      const order = end === 'ascending' ? items : [...items].reverse();
      const page = order.slice(pages[end] * 100, pages[end] * 100 + 100);
      pages[end] += 1;
      const taken = listing.take(end, page, true);
      if (!taken) break;
      taken.settle();
      if (taken.last) break;
    }
    // 30 pages of 100 from both ends: they meet after 15 each, and the 16th sees the overlap.
    expect(pages.ascending + pages.descending).toBeLessThanOrEqual(32);
    expect(listing.items).toBe(3000);
    expect(listing.stopped.aborted).toBe(true);
  });

  it('resumes from where each chain committed, keeping the rest exactly once', () => {
    for (let seed = 1; seed <= 100; seed += 1) {
      const next = random(seed);
      const items = fleet(200 + Math.floor(next() * 300), 1_000_000, next);
      const descending = [...items].reverse();
      const pageSize = 10 + Math.floor(next() * 40);
      // Before the crash: some pages from each end, committed, far from meeting.
      const ascendingPages = Math.floor(next() * 3);
      const descendingPages = 1 + Math.floor(next() * 3);
      const first = new TwoEndedListing();
      const before: string[] = [];
      for (const [end, order, count] of [
        ['ascending', items, ascendingPages],
        ['descending', descending, descendingPages],
      ] as const) {
        for (let page = 0; page < count; page += 1) {
          const slice = order.slice(page * pageSize, (page + 1) * pageSize);
          const taken = first.take(end, slice, true);
          before.push(...(taken?.keep ?? []).map((index) => (slice[index] as ListedItem).id));
          taken?.settle();
        }
      }
      // The resumed run knows only each chain's last committed item.
      const resumed = new TwoEndedListing();
      if (ascendingPages) resumed.seed('ascending', items[ascendingPages * pageSize - 1]?.id ?? null);
      resumed.seed('descending', descending[descendingPages * pageSize - 1]?.id ?? null);
      const after = listBothEnds(items, descending, pageSize, next, resumed, {
        ascending: ascendingPages * pageSize,
        descending: descendingPages * pageSize,
      });
      expect([seed, [...before, ...after].sort()]).toEqual([seed, items.map((item) => item.id).sort()]);
    }
  });

  it('skips what a chain listed before it restarted from its first page', () => {
    const items = fleet(100, 1_000_000, random(3));
    const listing = new TwoEndedListing();
    const first = listing.take('ascending', items.slice(0, 30), true);
    first?.settle();
    listing.restart('ascending');
    const again = listing.take('ascending', items.slice(0, 30), true);
    expect(again?.keep).toEqual([]);
    expect(again?.last).toBe(false);
  });

  it('makes the page that completes the listing wait for the other chain’s pending page', async () => {
    const items = fleet(20, 1_000_000, random(5));
    const listing = new TwoEndedListing();
    const top = listing.take('descending', [...items].reverse().slice(0, 12), true);
    let committed = false;
    const bottom = listing.take('ascending', items.slice(0, 12), true);
    expect(bottom?.last).toBe(true);
    expect(bottom?.keep).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const waited = bottom?.ready.then(() => committed);
    committed = true;
    top?.settle();
    expect(await waited).toBe(true);
    expect(listing.take('descending', [...items].reverse().slice(12), false)).toBeUndefined();
    expect(listing.stopped.aborted).toBe(true);
  });

  it('tells the lanes of each page after which the first chain goes on', () => {
    let asked = 0;
    const listing = new TwoEndedListing(() => (asked += 1));
    const items = fleet(50, 1_000_000, random(9));
    listing.take('ascending', items.slice(0, 10), true)?.settle();
    listing.take('ascending', items.slice(10, 20), true)?.settle();
    expect([asked, listing.more]).toEqual([2, true]);
    const small = new TwoEndedListing(() => (asked += 1));
    small.take('ascending', items.slice(0, 10), false)?.settle();
    expect([asked, small.more, small.finished]).toEqual([2, false, true]);
  });
});

/**
 * One shard listed by two page chains, one ascending and one descending by a sort key (the device
 * serial number), that stop where they meet. Each device belongs to the chain that listed it first
 * (its claim); the other chain skips it, so nothing is written or counted twice.
 *
 * The rule that keeps the listing complete: a chain that lists a device the other chain listed has
 * crossed into the other chain's part. Everything strictly beyond that device's key in its own
 * direction was listed by the other chain, so the chain keeps only the devices that tie with that
 * key and nobody claimed (Google does not say how it orders equal serials), and the listing is
 * complete once a different key follows. A chain that reaches its own last page completes it too.
 *
 * A page may rely on claims the other chain has not committed yet; it then waits for that commit
 * before its own, so the checkpoint that finishes the listing never commits before the devices it
 * counts on. Claims live in memory: a resumed run knows only where each chain's committed pages
 * end (`seed`), which is enough to stop there; if even that is lost, each chain lists on to its
 * own end, which is slower but complete.
 */

export type ListingEnd = 'ascending' | 'descending';

/** A listed item: its identity and its sort key (compared for equality only). */
export interface ListedItem {
  readonly id: string;
  readonly key: string;
}

export interface TakenPage {
  /** Positions of the page's items this chain writes. */
  readonly keep: readonly number[];
  /** The listing is complete with this page: the chain stops after it. */
  readonly last: boolean;
  /** The last item the page listed: where this chain's committed pages end. */
  readonly lastItem: string | undefined;
  /** Resolves once the other chain's pages this page relies on have committed. */
  readonly ready: Promise<void>;
  /** Called once the page committed, or with the error that stopped it. */
  settle(error?: unknown): void;
}

interface Claim {
  readonly end: ListingEnd;
  /** The commit of the page that claimed it; undefined for a claim committed by an earlier attempt. */
  readonly committed: Promise<void> | undefined;
}

const RESOLVED = Promise.resolve();

export class TwoEndedListing {
  readonly #claims = new Map<string, Claim>();
  readonly #pending: Record<ListingEnd, Promise<void>> = { ascending: RESOLVED, descending: RESOLVED };
  /** The key a chain crossed at, while it still lists devices that tie with it. */
  readonly #crossedAt: Record<ListingEnd, string | undefined> = {
    ascending: undefined,
    descending: undefined,
  };
  readonly #stop = new AbortController();
  readonly #onProgress: () => void;
  readonly pages: Record<ListingEnd, number> = { ascending: 0, descending: 0 };
  /** Items kept by both chains in this attempt. */
  items = 0;
  /** The ascending chain listed a page and Google has more: a second chain could help. */
  more = false;

  /** `onProgress` hears of each page after which the ascending chain goes on (a split may pay now). */
  constructor(onProgress: () => void = () => undefined) {
    this.#onProgress = onProgress;
  }

  /** Aborted when the listing is complete, so both chains drop the pages they asked for. */
  get stopped(): AbortSignal {
    return this.#stop.signal;
  }

  get finished(): boolean {
    return this.#stop.signal.aborted;
  }

  /** Why: after a resume, the other chain stops where this one's committed pages end. */
  seed(end: ListingEnd, lastItem: string | null): void {
    if (lastItem !== null && !this.#claims.has(lastItem))
      this.#claims.set(lastItem, { end, committed: undefined });
  }

  /** Why: a chain restarted from its first page (its page token expired) has crossed nothing yet. */
  restart(end: ListingEnd): void {
    this.#crossedAt[end] = undefined;
  }

  /**
   * Why: decides, when a page arrives and before anything is written, which of its items this
   * chain keeps and whether the listing is complete; `undefined` when it already is.
   */
  take(end: ListingEnd, items: readonly ListedItem[], more: boolean): TakenPage | undefined {
    if (this.finished) return undefined;
    const other: ListingEnd = end === 'ascending' ? 'descending' : 'ascending';
    const keep: number[] = [];
    let crossedAt = this.#crossedAt[end];
    let reliesOnOther = false;
    let passed = false;
    for (const [index, item] of items.entries()) {
      const claim = this.#claims.get(item.id);
      if (crossedAt !== undefined && item.key !== crossedAt) {
        passed = true;
        break;
      }
      if (claim === undefined) keep.push(index);
      else if (claim.end === other) {
        crossedAt ??= item.key;
        reliesOnOther = true;
      }
      // A claim of this chain's own: listed again after a restart from the first page.
    }
    this.#crossedAt[end] = crossedAt;
    const last = passed || !more;
    const ready = last || reliesOnOther ? this.#pending[other] : RESOLVED;
    let settle: (error?: unknown) => void = () => undefined;
    const committed = new Promise<void>((resolve, reject) => {
      settle = (error) => {
        if (error === undefined) resolve();
        else reject(error instanceof Error ? error : new Error('The page failed.', { cause: error }));
      };
    });
    // A failed page fails the run; the chains waiting on it see the rejection, nobody else must.
    committed.catch(() => undefined);
    for (const index of keep) this.#claims.set((items[index] as ListedItem).id, { end, committed });
    this.#pending[end] = committed;
    this.pages[end] += 1;
    this.items += keep.length;
    if (last) this.#finish();
    else if (end === 'ascending') {
      this.more = true;
      this.#onProgress();
    }
    return { keep, last, lastItem: items.at(-1)?.id, ready, settle };
  }

  #finish(): void {
    this.more = false;
    this.#stop.abort(new Error('The listing is complete.'));
    this.#claims.clear();
  }
}

/** Why: serial numbers are compared for equality only, loosely, so a tie is never missed. */
export function listingKey(value: string | undefined): string {
  return (value ?? '').trim().toLowerCase();
}

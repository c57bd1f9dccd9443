/**
 * Runs shards with bounded concurrency. The first failure stops handing out new shards and aborts
 * the ones in flight (through the signal each shard receives), then is rethrown.
 */

/** Why: parallel OU shards are what make a 100k-device listing take seconds instead of minutes. */
export async function runShards<T>(
  shards: readonly T[],
  concurrency: number,
  parent: AbortSignal,
  runShard: (shard: T, signal: AbortSignal) => Promise<void>,
): Promise<void> {
  const controller = new AbortController();
  const signal = AbortSignal.any([parent, controller.signal]);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const lane = async () => {
    while (!failure && !signal.aborted && next < shards.length) {
      const shard = shards[next++] as T;
      try {
        await runShard(shard, signal);
      } catch (error) {
        failure ??= { error };
        controller.abort(error);
      }
    }
  };
  const lanes = Array.from({ length: Math.max(1, Math.min(concurrency, shards.length)) }, lane);
  await Promise.all(lanes);
  if (failure) throw failure.error;
  parent.throwIfAborted();
}

/** Wakes lanes that found no work, when work may have appeared (see `runLanes`). */
export class WorkSignal {
  #waiters: (() => void)[] = [];

  notify(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const wake of waiters) wake();
  }

  wait(): Promise<void> {
    return new Promise((resolve) => this.#waiters.push(resolve));
  }
}

/** A lane's task; it may `release` its lane before it ends, once it makes no more calls. */
export type LaneTask = (signal: AbortSignal, release: () => void) => Promise<void>;

/**
 * Why: like `runShards`, but the work is not known in advance: each free lane asks `next`, and a
 * lane that gets nothing waits while tasks run, since they may hand out more (a shard's second
 * chain). A task that releases its lane (its last page arrived and only its transaction is left)
 * finishes beside the lane's next task, so no lane sits idle while a page commits. Ends when no
 * task runs and `next` has nothing; fails like `runShards`.
 */
export async function runLanes(
  concurrency: number,
  parent: AbortSignal,
  work: WorkSignal,
  next: () => LaneTask | undefined,
): Promise<void> {
  const controller = new AbortController();
  const signal = AbortSignal.any([parent, controller.signal]);
  let failure: { error: unknown } | undefined;
  const running = new Set<Promise<void>>();
  const stop = () => work.notify();
  signal.addEventListener('abort', stop, { once: true });
  const start = (task: LaneTask): { released: Promise<void>; run: Promise<void> } => {
    const { released, release } = releasable();
    const run = task(signal, release)
      .catch((error: unknown) => {
        failure ??= { error };
        controller.abort(error);
      })
      .finally(() => {
        running.delete(run);
        work.notify();
      });
    running.add(run);
    return { released: Promise.race([run, released]), run };
  };
  const lane = async () => {
    // At most one released task per lane finishes beside the lane's current one, so pages
    // waiting for the database never pile up.
    let finishing: Promise<void> | undefined;
    while (!failure && !signal.aborted) {
      const task = next();
      if (task) {
        const { released, run } = start(task);
        await released;
        await finishing;
        finishing = run;
      } else if (running.size === 0) break;
      else await work.wait();
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, concurrency) }, lane));
    while (running.size) await Promise.all(running);
  } finally {
    signal.removeEventListener('abort', stop);
  }
  if (failure) throw failure.error;
  parent.throwIfAborted();
}

/** Why: a promise and the call that settles it, for work that waits until another lets it go. */
export function releasable(): { released: Promise<void>; release: () => void } {
  let release = (): void => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { released, release };
}

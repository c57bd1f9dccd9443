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

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeviceDeps } from '../modules/devices/device-context.ts';
import { BULK_RESUME_INTERVAL_MS } from './bulk-run.job.ts';
import { startCommandFollower } from './command-follow.job.ts';
import { repeatEvery } from './job-queue.ts';

/** Why: the two loops keep their cadence, never stack follow-up passes, and stop when told. */
describe('background jobs of a process that runs jobs', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('looks for stopped bulk runs at start and every interval, until stopped', async () => {
    const requeue = vi.fn(async () => 0);
    const resumer = repeatEvery(requeue, BULK_RESUME_INTERVAL_MS, () => undefined);
    expect(BULK_RESUME_INTERVAL_MS).toBe(30_000);
    expect(requeue).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(requeue).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(requeue).toHaveBeenCalledTimes(2);
    resumer.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(requeue).toHaveBeenCalledTimes(2);
  });

  it('reports a failed pass and keeps looking', async () => {
    const errors: unknown[] = [];
    const requeue = vi.fn(async () => {
      throw new Error('database gone');
    });
    const resumer = repeatEvery(requeue, 1000, (e) => errors.push(e));
    await vi.advanceTimersByTimeAsync(1000);
    resumer.stop();
    expect(requeue).toHaveBeenCalledTimes(2);
    expect(errors).toHaveLength(2);
  });

  it('follows commands one pass at a time and waits for the pass under way when stopped', async () => {
    let finish: () => void = () => undefined;
    const follow = vi.fn(
      () =>
        new Promise<number>((resolve) => {
          finish = () => resolve(0);
        }),
    );
    const follower = startCommandFollower({} as DeviceDeps, {
      intervalMs: 15_000,
      onError: () => undefined,
      follow,
    });
    expect(follow).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(15_000);
    expect(follow).toHaveBeenCalledTimes(1);
    // The pass is still reading Google: the next ticks start none beside it.
    await vi.advanceTimersByTimeAsync(45_000);
    expect(follow).toHaveBeenCalledTimes(1);
    let stopped = false;
    const stopping = follower.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(follow).toHaveBeenCalledTimes(1);
  });
});

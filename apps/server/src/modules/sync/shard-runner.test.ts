import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { runLanes, WorkSignal, type LaneTask } from './shard-runner.ts';

describe('lanes with work that appears while they run', () => {
  it('wakes an idle lane for work handed out later, and never runs more tasks than lanes', async () => {
    const work = new WorkSignal();
    const queue: LaneTask[] = [];
    let running = 0;
    let most = 0;
    const done: string[] = [];
    const task =
      (name: string, then?: () => void): LaneTask =>
      async () => {
        running += 1;
        most = Math.max(most, running);
        await sleep(10);
        then?.();
        running -= 1;
        done.push(name);
      };
    queue.push(
      task('a', () => {
        queue.push(task('c'));
        work.notify();
      }),
      task('b'),
    );
    await runLanes(2, new AbortController().signal, work, () => queue.shift());
    expect(done.sort()).toEqual(['a', 'b', 'c']);
    expect(most).toBeLessThanOrEqual(2);
  });

  it('lets a lane start its next task once the current one released it', async () => {
    const order: string[] = [];
    const queue: LaneTask[] = [
      async (_signal, release) => {
        release();
        await sleep(30);
        order.push('first ends');
      },
      async () => {
        order.push('second starts');
        await Promise.resolve();
      },
    ];
    await runLanes(1, new AbortController().signal, new WorkSignal(), () => queue.shift());
    expect(order).toEqual(['second starts', 'first ends']);
  });

  it('keeps at most one released task per lane unfinished', async () => {
    let unfinished = 0;
    let most = 0;
    const releasing: LaneTask = async (_signal, release) => {
      unfinished += 1;
      most = Math.max(most, unfinished);
      release();
      await sleep(10);
      unfinished -= 1;
    };
    const queue = Array.from({ length: 6 }, () => releasing);
    await runLanes(1, new AbortController().signal, new WorkSignal(), () => queue.shift());
    expect(most).toBe(2);
  });

  it('stops the other lanes on the first failure and rethrows it', async () => {
    const work = new WorkSignal();
    let aborted = false;
    const queue: LaneTask[] = [
      async (signal) => {
        await sleep(50);
        aborted = signal.aborted;
      },
      async () => {
        await sleep(5);
        throw new Error('boom');
      },
    ];
    await expect(runLanes(2, new AbortController().signal, work, () => queue.shift())).rejects.toThrow(
      'boom',
    );
    expect(aborted).toBe(true);
  });
});

import { followOpenCommands } from '../modules/devices/command-follower.ts';
import type { DeviceDeps } from '../modules/devices/device-context.ts';

/**
 * Remote commands nobody watches: a process that runs jobs reads its open commands again from
 * Google every 15 s (command-follower.ts), one pass at a time, so the timeline and the tracker
 * show each command's end state even when no page polled it. Read-only at Google, so several
 * processes doing it at once is harmless.
 *
 * A timer of this process rather than a pg-boss schedule: pg-boss files a schedule's occurrences
 * in one-minute slots, so it cannot follow a command every 15 s.
 */

export const COMMAND_FOLLOW_INTERVAL_MS = 15_000;

/** Why: started by the app in processes that run jobs; its pass is awaited at close. */
export function startCommandFollower(
  deps: DeviceDeps,
  options: {
    intervalMs?: number | undefined;
    onError: (error: unknown) => void;
    /** One pass; the follower of command-follower.ts unless a test gives its own. */
    follow?: ((deps: DeviceDeps) => Promise<unknown>) | undefined;
  },
): { stop(): Promise<void> } {
  const follow = options.follow ?? followOpenCommands;
  let pass: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    pass ??= follow(deps)
      .catch(options.onError)
      .finally(() => {
        pass = undefined;
      });
  }, options.intervalMs ?? COMMAND_FOLLOW_INTERVAL_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await pass;
    },
  };
}

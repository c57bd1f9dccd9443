/**
 * The stable-channel release train, as a pure function of time so the "current stable" moves with
 * the emulator clock: a new milestone every four weeks (Chrome's cadence, anchored on M120's stable
 * date) and a point release each week in between. Build numbers follow the real series closely
 * enough to look right (M120 = Chrome 120.0.6099.x on platform 15662.x.0).
 */

const WEEK_MS = 7 * 24 * 3_600_000;
const M120_STABLE = Date.UTC(2023, 11, 5, 18);
const POINTS_PER_MILESTONE = 4;

/** ChromeOS 40 (late 2014): a clock set far in the past still reports a real-looking version. */
const OLDEST_INDEX = (40 - 120) * POINTS_PER_MILESTONE;

/** Index of the newest release out at `time`; one step per week. */
export function releaseIndexAt(time: number): number {
  return Math.max(OLDEST_INDEX, Math.floor((time - M120_STABLE) / WEEK_MS));
}

export function releaseTime(index: number): number {
  return M120_STABLE + index * WEEK_MS;
}

export function milestoneOf(index: number): number {
  return 120 + Math.floor(index / POINTS_PER_MILESTONE);
}

function pointOf(index: number): number {
  return index - Math.floor(index / POINTS_PER_MILESTONE) * POINTS_PER_MILESTONE;
}

/** Chrome version, the Directory `osVersion`: e.g. `120.0.6099.71`. */
export function chromeVersion(index: number): string {
  return remembered(chromeVersions, index, () => {
    const milestone = milestoneOf(index);
    const build = 6099 + Math.round((milestone - 120) * 63.5);
    return `${milestone}.0.${build}.${71 + pointOf(index) * 38}`;
  });
}

/**
 * Version strings by release: a listing writes the same few dozen versions for every device, and a
 * remembered string is flattened once instead of being rebuilt as a fresh rope each time.
 */
const chromeVersions = new Map<number, string>();
const platformNumbers = new Map<number, string>();
const platformVersions = new Map<string, Map<number, string>>();

function remembered<K>(cache: Map<K, string>, key: K, make: () => string): string {
  let text = cache.get(key);
  if (text === undefined) {
    if (cache.size >= 4096) cache.clear();
    text = make();
    cache.set(key, text);
  }
  return text;
}

/** ChromeOS platform version without the build suffix: e.g. `15662.43.0`. */
export function platformNumber(index: number): string {
  return remembered(platformNumbers, index, () => {
    const milestone = milestoneOf(index);
    return `${15662 + (milestone - 120) * 37}.${43 + pointOf(index) * 20}.0`;
  });
}

/** The Directory `platformVersion` string: `15662.43.0 (Official Build) stable-channel coral`. */
export function platformVersion(index: number, board: string): string {
  let byIndex = platformVersions.get(board);
  if (!byIndex) {
    byIndex = new Map();
    platformVersions.set(board, byIndex);
  }
  return remembered(
    byIndex,
    index,
    () => `${platformNumber(index)} (Official Build) stable-channel ${board}`,
  );
}

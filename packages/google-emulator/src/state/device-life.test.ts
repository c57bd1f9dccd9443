import { describe, expect, it } from 'vitest';
import { milestoneOf, releaseIndexAt } from './chromeos-releases.ts';
import { checkinIndex, isLive, lastSyncAt, osReleaseIndex, updateProgress } from './device-life.ts';
import { recentUsers } from './device-users.ts';
import { EmulatorState } from './emulator-state.ts';

const START = Date.UTC(2026, 2, 2, 9);
const HOUR = 3_600_000;

describe('device life on the emulator clock', () => {
  it('moves check-ins forward as the clock advances, and only then', () => {
    const state = new EmulatorState({ size: 1_000, seed: 5, now: START });
    const { fleet } = state;
    const live = Array.from({ length: fleet.devices.count }, (_, i) => i).filter((i) => isLive(fleet, i));
    const before = live.map((i) => lastSyncAt(fleet, i, state.now()));
    expect(live.map((i) => lastSyncAt(fleet, i, state.now()))).toEqual(before);
    state.clock.advance(HOUR);
    const after = live.map((i) => lastSyncAt(fleet, i, state.now()));
    const moved = after.filter((t, k) => t > before[k]!).length;
    expect(moved).toBeGreaterThan(live.length / 20);
    for (const [k, t] of after.entries()) {
      expect(t).toBeGreaterThanOrEqual(before[k]!);
      expect(t).toBeLessThanOrEqual(state.now());
    }
  });

  it('is deterministic for the same seed and clock reading', () => {
    const a = new EmulatorState({ size: 300, seed: 9, now: START });
    const b = new EmulatorState({ size: 300, seed: 9, now: START });
    a.clock.advance(5 * HOUR);
    b.clock.advance(5 * HOUR);
    for (let i = 0; i < 300; i++) {
      expect(lastSyncAt(a.fleet, i, a.now())).toBe(lastSyncAt(b.fleet, i, b.now()));
      expect(recentUsers(a.fleet, i, a.now(), (p) => a.emailOf(p))).toEqual(
        recentUsers(b.fleet, i, b.now(), (p) => b.emailOf(p)),
      );
    }
  });

  it('installs new OS releases over the following weeks, capped at the AUE', () => {
    const state = new EmulatorState({ size: 1_000, seed: 5, now: START });
    const { fleet } = state;
    const live = Array.from({ length: fleet.devices.count }, (_, i) => i).filter((i) => isLive(fleet, i));
    const milestones = () => live.map((i) => milestoneOf(osReleaseIndex(fleet, i, state.now())));
    const before = milestones();
    state.clock.advance(10 * 7 * 24 * HOUR);
    const after = milestones();
    expect(after.filter((m, k) => m > before[k]!).length).toBeGreaterThan(live.length / 2);
    const current = milestoneOf(releaseIndexAt(state.now()));
    expect(Math.max(...after)).toBeLessThanOrEqual(current + 1);
    const pending = live.filter((i) => updateProgress(fleet, i, state.now())?.state !== 'upToDate');
    expect(pending.length).toBeGreaterThan(0);
  });

  it('rotates recent users on shared devices between check-ins', () => {
    const state = new EmulatorState({ size: 1_000, seed: 5, now: START });
    const { fleet } = state;
    const shared = Array.from({ length: fleet.devices.count }, (_, i) => i).filter(
      (i) => isLive(fleet, i) && fleet.devices.profile[i] === 1,
    );
    const first = shared.map((i) => JSON.stringify(recentUsers(fleet, i, state.now(), String)));
    state.clock.advance(24 * HOUR);
    expect(
      shared.some(
        (i, k) =>
          checkinIndex(fleet, i, state.now()) >= 0 &&
          JSON.stringify(recentUsers(fleet, i, state.now(), String)) !== first[k],
      ),
    ).toBe(true);
  });
});

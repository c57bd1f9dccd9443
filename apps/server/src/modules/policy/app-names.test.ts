import { describe, expect, it } from 'vitest';
import type { InstalledApp } from '@fleetdeck/google/management/installed-apps.schema';
import type { Page } from '@fleetdeck/google/http/pagination';
import { type AppsApi, createAppNameLookup } from './app-names.ts';

/** A report of `pages` pages, counting the pages read; `fail` makes the walk throw. */
function fakeApi(pages: number, state: { read: number; fail?: boolean }): AppsApi {
  return {
    async *iterateInstalledAppPages() {
      for (let index = 0; index < pages; index++) {
        if (state.fail) throw new Error('Google is unavailable');
        state.read += 1;
        const app: InstalledApp = {
          appId: `app${index}`.padEnd(32, 'a'),
          appType: index === 0 ? 'ANDROID_APP' : 'EXTENSION',
          displayName: `App ${index}`,
        };
        yield { items: [app], pageToken: undefined, nextPageToken: undefined } satisfies Page<InstalledApp>;
      }
    },
  };
}

describe('app name lookup', () => {
  it('reads at most maxPages, keys names by policy app id, and serves them until the TTL passes', async () => {
    let clock = 0;
    const state = { read: 0 };
    const lookup = createAppNameLookup({ now: () => clock, ttlMs: 1000, maxPages: 3 });
    const api = () => fakeApi(50, state);
    const names = await lookup.names({ orgId: 'a', api });
    expect(state.read).toBe(3);
    expect(names.get(`android:${'app0'.padEnd(32, 'a')}`)).toBe('App 0');
    expect(names.get(`chrome:${'app1'.padEnd(32, 'a')}`)).toBe('App 1');
    await lookup.names({ orgId: 'a', api });
    expect(state.read).toBe(3);
    // Another organization never sees these names.
    expect((await lookup.names({ orgId: 'b', api: () => fakeApi(0, state) })).size).toBe(0);
    clock = 1001;
    await lookup.names({ orgId: 'a', api });
    expect(state.read).toBe(6);
  });

  it('answers no names when Google fails, and tries again only after a while', async () => {
    let clock = 0;
    const state = { read: 0, fail: true };
    const errors: string[] = [];
    const lookup = createAppNameLookup({
      now: () => clock,
      failureTtlMs: 100,
      onError: (orgId) => errors.push(orgId),
    });
    const api = () => fakeApi(2, state);
    expect((await lookup.names({ orgId: 'a', api })).size).toBe(0);
    expect(
      (
        await lookup.names({
          orgId: 'a',
          api: () => {
            throw new Error('not asked');
          },
        })
      ).size,
    ).toBe(0);
    expect(errors).toEqual(['a']);
    state.fail = false;
    clock = 101;
    expect((await lookup.names({ orgId: 'a', api })).size).toBe(2);
  });
});

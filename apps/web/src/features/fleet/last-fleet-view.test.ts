import { describe, expect, it } from 'vitest';
import { readViewState } from './fleet-url-state.ts';
import { LAST_FLEET_VIEW_KEY, rememberFleetView } from './last-fleet-view.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return { items, setItem: (key: string, value: string) => void items.set(key, value) };
}

describe('the last fleet view', () => {
  it('remembers the view as the fleet URL state, without anything else the address held', () => {
    const storage = memoryStorage();
    const typed = new URLSearchParams(
      'q=status:ACTIVE&sort=model&dir=desc&density=comfortable&evil=1&cols=model,bogus',
    );
    rememberFleetView(readViewState(typed), () => storage);
    const stored = new URLSearchParams(storage.items.get(LAST_FLEET_VIEW_KEY));
    expect(Object.fromEntries(stored)).toEqual({
      q: 'status:ACTIVE',
      cols: 'model',
      sort: 'model',
      dir: 'desc',
      density: 'comfortable',
    });
  });

  it('remembers the default view as an empty search', () => {
    const storage = memoryStorage();
    rememberFleetView(readViewState(new URLSearchParams()), () => storage);
    expect(storage.items.get(LAST_FLEET_VIEW_KEY)).toBe('');
  });

  it('does nothing when storage is blocked', () => {
    expect(() =>
      rememberFleetView(readViewState(new URLSearchParams()), () => {
        throw new DOMException('blocked', 'SecurityError');
      }),
    ).not.toThrow();
  });
});

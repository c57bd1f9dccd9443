import { useCallback, useSyncExternalStore } from 'react';
import {
  applyResolvedTheme,
  readThemePreference,
  resolveTheme,
  saveThemePreference,
  type ThemePreference,
} from '../../lib/theme.ts';

const listeners = new Set<() => void>();
let preference: ThemePreference | null = null;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function systemQuery(): MediaQueryList {
  return window.matchMedia('(prefers-color-scheme: dark)');
}

function apply(): void {
  applyResolvedTheme(document.documentElement, resolveTheme(getPreference(), systemQuery().matches));
}

function getPreference(): ThemePreference {
  preference ??= readThemePreference(storage());
  return preference;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const query = systemQuery();
  const onSystemChange = () => {
    if (getPreference() === 'system') apply();
  };
  // Another Fleetdeck tab changed the theme: follow it.
  const onStorage = (event: StorageEvent) => {
    if (event.storageArea !== storage()) return;
    preference = readThemePreference(storage());
    apply();
    listener();
  };
  query.addEventListener('change', onSystemChange);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    query.removeEventListener('change', onSystemChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** Why: the theme is global, persisted, and must react to the OS setting while "system" is chosen. */
export function useTheme(): [ThemePreference, (next: ThemePreference) => void] {
  const current = useSyncExternalStore(subscribe, getPreference, () => 'system' as const);
  const setTheme = useCallback((next: ThemePreference) => {
    preference = next;
    saveThemePreference(storage(), next);
    apply();
    for (const listener of listeners) listener();
  }, []);
  return [current, setTheme];
}

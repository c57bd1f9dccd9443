/**
 * Light, dark or follow the system. The saved choice lives in localStorage under the same key
 * that `public/theme-init.js` reads before first paint; keep the two in sync.
 */

export type ThemePreference = 'light' | 'dark' | 'system';
export type ResolvedTheme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'fleetdeck:theme';
const PREFERENCES: readonly ThemePreference[] = ['light', 'dark', 'system'];

/** Why: storage can hold anything (or be blocked); an unknown value must mean "system", not a crash. */
export function readThemePreference(storage: Pick<Storage, 'getItem'> | null): ThemePreference {
  try {
    const saved = storage?.getItem(THEME_STORAGE_KEY);
    return PREFERENCES.find((preference) => preference === saved) ?? 'system';
  } catch {
    return 'system';
  }
}

/** Why: "system" has to become a concrete light or dark before it can be painted. */
export function resolveTheme(preference: ThemePreference, systemPrefersDark: boolean): ResolvedTheme {
  if (preference === 'system') return systemPrefersDark ? 'dark' : 'light';
  return preference;
}

/** Why: one place toggles the `.dark` class and `color-scheme`, so native controls match the theme. */
export function applyResolvedTheme(root: HTMLElement, theme: ResolvedTheme): void {
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}

/** Why: persisting is best effort; private modes may refuse storage but the theme still applies. */
export function saveThemePreference(
  storage: Pick<Storage, 'setItem'> | null,
  preference: ThemePreference,
): void {
  try {
    storage?.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // Not persisted; this tab still shows the chosen theme.
  }
}

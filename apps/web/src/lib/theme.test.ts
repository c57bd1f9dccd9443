import { describe, expect, it } from 'vitest';
import initScript from '../../public/theme-init.js?raw';
import { THEME_STORAGE_KEY, readThemePreference, resolveTheme, saveThemePreference } from './theme.ts';

describe('theme preference', () => {
  it('reads a saved preference and defaults to system for anything else', () => {
    const storage = (value: string | null) => ({ getItem: () => value });
    expect(readThemePreference(storage('dark'))).toBe('dark');
    expect(readThemePreference(storage('light'))).toBe('light');
    expect(readThemePreference(storage('system'))).toBe('system');
    expect(readThemePreference(storage('purple'))).toBe('system');
    expect(readThemePreference(storage(null))).toBe('system');
    expect(readThemePreference(null)).toBe('system');
    expect(
      readThemePreference({
        getItem: () => {
          throw new Error('blocked');
        },
      }),
    ).toBe('system');
  });

  it('resolves system to the operating system setting', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('saves under the key the pre-paint script reads, and survives blocked storage', () => {
    const saved = new Map<string, string>();
    saveThemePreference({ setItem: (k, v) => void saved.set(k, v) }, 'dark');
    expect(saved.get(THEME_STORAGE_KEY)).toBe('dark');
    expect(() =>
      saveThemePreference(
        {
          setItem: () => {
            throw new Error('QuotaExceededError');
          },
        },
        'light',
      ),
    ).not.toThrow();
    expect(initScript).toContain(`'${THEME_STORAGE_KEY}'`);
  });
});

// Light and dark themes: the `dark` class on <html>. /theme-init.js applies the stored choice before the
// first paint; this module changes it. Only the preference is stored (decision 141).
import { useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark';
const KEY = 'hangar.theme';
const listeners = new Set<() => void>();

const current = (): Theme => (document.documentElement.classList.contains('dark') ? 'dark' : 'light');

export function setTheme(theme: Theme) {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  try {
    localStorage.setItem(KEY, theme);
  } catch {
    // storage disabled: the theme lasts until reload
  }
  for (const l of listeners) l();
}

export function useTheme(): Theme {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
    current,
    () => 'light',
  );
}

import { useCallback, useEffect, useState } from 'react';
import { applyTheme, prefersDark, readTheme, saveTheme, type ThemeSettings } from '../../lib/theme';

/** The stored theme, a setter that persists it, and live tracking of the system mode. */
export function useTheme(): [ThemeSettings, (next: Partial<ThemeSettings>) => void] {
  const [theme, setTheme] = useState<ThemeSettings>(readTheme);
  useEffect(() => {
    if (theme.mode !== 'system' || typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia('(prefers-color-scheme: dark)');
    const onChange = () => applyTheme(theme);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [theme]);
  const update = useCallback((next: Partial<ThemeSettings>) => {
    setTheme((current) => {
      const merged = { ...current, ...next };
      saveTheme(merged);
      return merged;
    });
  }, []);
  return [theme, update];
}

export { prefersDark };

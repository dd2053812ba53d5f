import { STORAGE_KEYS, safeStorage } from './storage-keys';

export const THEME_MODES = ['light', 'dark', 'system'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];
export const THEME_COLORS = ['blue', 'purple', 'green', 'orange', 'pink'] as const;
export type ThemeColor = (typeof THEME_COLORS)[number];
export const UI_STYLES = ['modern', 'minimal', 'classic'] as const;
export type UiStyle = (typeof UI_STYLES)[number];

export type ThemeSettings = { mode: ThemeMode; color: ThemeColor; style: UiStyle };
/** SPEC.md §9 defaults. */
export const DEFAULT_THEME: ThemeSettings = { mode: 'system', color: 'blue', style: 'modern' };

export function readTheme(): ThemeSettings {
  const mode = safeStorage.get(STORAGE_KEYS.themeMode);
  let stored: { color?: unknown; style?: unknown } = {};
  try {
    stored = JSON.parse(safeStorage.get(STORAGE_KEYS.theme) ?? '{}') as typeof stored;
  } catch {
    stored = {};
  }
  return {
    mode: THEME_MODES.includes(mode as ThemeMode) ? (mode as ThemeMode) : DEFAULT_THEME.mode,
    color: THEME_COLORS.includes(stored.color as ThemeColor) ? (stored.color as ThemeColor) : DEFAULT_THEME.color,
    style: UI_STYLES.includes(stored.style as UiStyle) ? (stored.style as UiStyle) : DEFAULT_THEME.style,
  };
}

export function prefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

/** Applies the theme to <html> — the same attributes public/theme-boot.js sets before first paint. */
export function applyTheme(theme: ThemeSettings): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme.mode === 'dark' || (theme.mode === 'system' && prefersDark()));
  root.dataset.color = theme.color;
  root.dataset.style = theme.style;
}

export function saveTheme(theme: ThemeSettings): void {
  safeStorage.set(STORAGE_KEYS.themeMode, theme.mode);
  safeStorage.set(STORAGE_KEYS.theme, JSON.stringify({ color: theme.color, style: theme.style }));
  applyTheme(theme);
}

/**
 * Follows the system's light/dark switch while the stored mode is `system` (read at each change, so a
 * mode picked meanwhile in Settings wins). The signed-in shell runs it for as long as it is mounted;
 * returns the cleanup.
 */
export function followSystemMode(): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia('(prefers-color-scheme: dark)');
  const onChange = () => {
    const theme = readTheme();
    if (theme.mode === 'system') applyTheme(theme);
  };
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

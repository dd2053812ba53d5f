import { STORAGE_KEYS, safeStorage } from './storage-keys';

export const THEME_MODES = ['light', 'dark', 'system'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];
/** docs/product.md §2's five colours, then the two exclusive to Premium and trial (docs/product.md §6 "exclusive themes"). */
export const THEME_COLORS = ['blue', 'purple', 'green', 'orange', 'pink', 'teal', 'indigo'] as const;
export type ThemeColor = (typeof THEME_COLORS)[number];
export const PREMIUM_THEME_COLORS: readonly ThemeColor[] = ['teal', 'indigo'];
/** docs/product.md §3's three styles, then the one exclusive to Premium and trial. */
export const UI_STYLES = ['modern', 'minimal', 'classic', 'soft'] as const;
export type UiStyle = (typeof UI_STYLES)[number];
export const PREMIUM_UI_STYLES: readonly UiStyle[] = ['soft'];

/** True when the colour or style is one only Premium (or a trial) may use. */
export function isPremiumThemeOption(option: ThemeColor | UiStyle): boolean {
  return (PREMIUM_THEME_COLORS as readonly string[]).includes(option) || (PREMIUM_UI_STYLES as readonly string[]).includes(option);
}

export type ThemeSettings = { mode: ThemeMode; color: ThemeColor; style: UiStyle };
/** docs/product.md §9 defaults. */
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
 * The theme a user may keep: the exclusive colours and style fall back to the defaults once premium
 * (or the trial) has ended (docs/decisions/132-premium-benefits.md).
 */
export function allowedTheme(theme: ThemeSettings, premium: boolean): ThemeSettings {
  if (premium) return theme;
  return {
    ...theme,
    color: PREMIUM_THEME_COLORS.includes(theme.color) ? DEFAULT_THEME.color : theme.color,
    style: PREMIUM_UI_STYLES.includes(theme.style) ? DEFAULT_THEME.style : theme.style,
  };
}

/** Stores and applies the allowed theme when the stored one uses an exclusive option without premium. */
export function enforcePremiumTheme(premium: boolean): void {
  const theme = readTheme();
  const allowed = allowedTheme(theme, premium);
  if (allowed.color !== theme.color || allowed.style !== theme.style) saveTheme(allowed);
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

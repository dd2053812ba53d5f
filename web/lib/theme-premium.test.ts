import { describe, expect, it } from 'vitest';
import { allowedTheme, isPremiumThemeOption, THEME_COLORS, UI_STYLES } from './theme';

describe('Premium’s exclusive themes', () => {
  it('are two colours and one style, beside docs/product.md §2’s five colours and three styles', () => {
    expect(THEME_COLORS.filter(isPremiumThemeOption)).toEqual(['teal', 'indigo']);
    expect(UI_STYLES.filter(isPremiumThemeOption)).toEqual(['soft']);
  });

  it('stay with premium or a trial, and fall back to the defaults without', () => {
    const theme = { mode: 'dark', color: 'teal', style: 'soft' } as const;
    expect(allowedTheme(theme, true)).toEqual(theme);
    expect(allowedTheme(theme, false)).toEqual({ mode: 'dark', color: 'blue', style: 'modern' });
    expect(allowedTheme({ mode: 'light', color: 'pink', style: 'classic' }, false)).toEqual({
      mode: 'light',
      color: 'pink',
      style: 'classic',
    });
  });
});

// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/component-harness';
import { UserMenu } from './user-menu';

// The menu's code loads on intent: a busy machine may take over a second.
const LOADED = { timeout: 10_000 };
const handlers = () => ({ onOpenSettings: vi.fn(), onSignOut: vi.fn(), onDeleteAccount: vi.fn() });

// docs/decisions/101-shell-menus-on-intent.md: the menu's code loads on intent; a plain button stands
// in until then. The loaded menu is kept for the page's life, so the order of these tests matters:
// the first meets the plain button. (notifications-bell.test.tsx presses its plain button before load.)
describe('UserMenu (loaded on intent)', () => {
  it('loads on focus, and the real trigger takes the plain one’s place with the focus', async () => {
    await renderWithProviders(<UserMenu username="ada" {...handlers()} />);
    const plain = screen.getByTestId('user-menu-button');
    expect(plain.getAttribute('aria-haspopup')).toBe('menu');
    expect(plain.getAttribute('aria-label')).toMatch(/ada/);
    act(() => plain.focus());
    await waitFor(() => expect(screen.getByTestId('user-menu-button')).not.toBe(plain), LOADED);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('user-menu-button')));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('once loaded, opens on Enter and its entries work', async () => {
    const props = handlers();
    await renderWithProviders(<UserMenu username="ada" {...props} />);
    fireEvent.keyDown(screen.getByTestId('user-menu-button'), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('menuitem', { name: /^Settings$/ }, LOADED));
    expect(props.onOpenSettings).toHaveBeenCalledTimes(1);
  });
});

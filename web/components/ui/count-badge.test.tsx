// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/component-harness';
import { badgeText, CountBadge } from './count-badge';

describe('CountBadge', () => {
  it('shows the count, "99+" above 99, nothing at zero', async () => {
    expect([1, 99, 100, 1234].map((count) => badgeText(count))).toEqual(['1', '99', '99+', '99+']);
    await renderWithProviders(
      <>
        <CountBadge count={0} testId="none" />
        <CountBadge count={7} testId="seven" />
      </>,
    );
    expect(screen.queryByTestId('none')).toBeNull();
    expect(screen.getByTestId('seven').textContent).toBe('7');
    expect(screen.getByTestId('seven').getAttribute('aria-hidden')).toBe('true');
  });
});

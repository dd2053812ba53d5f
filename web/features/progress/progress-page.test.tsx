// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { interceptApi, renderWithProviders } from '../../test/component-harness';
import { ProgressPage } from './progress-page';

describe('ProgressPage: the open tab kept in view on a phone', () => {
  it('scrolls the open tab into view after the paint, not inside the commit of the page (decision 273)', async () => {
    interceptApi({});
    const scrolled: Element[] = [];
    // jsdom has no scrollIntoView: the page calls it only where the browser has it.
    Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', {
      configurable: true,
      value(this: HTMLElement) {
        scrolled.push(this);
      },
    });
    try {
      await renderWithProviders(<ProgressPage />, { path: '/progress?tab=gpa' });
      const open = screen.getByRole('tab', { selected: true });
      // The page has committed and its effects have run: no layout forced by a scroll yet.
      expect(scrolled).toEqual([]);
      await waitFor(() => expect(scrolled).toEqual([open]));
      expect(open.textContent).toBe('GPA calculator');
    } finally {
      delete (HTMLElement.prototype as { scrollIntoView?: unknown }).scrollIntoView;
    }
  });
});

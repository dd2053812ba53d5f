// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { interceptApi, renderWithProviders } from '../../test/component-harness';
import { LandingContent } from './landing-page';
import { prerenderLanding } from './prerender';

/** The landing page inside the app (a client-side visit to `/`): the same content, React driving the demo. */
describe('LandingContent in the app', () => {
  it('switches the demo by click and by arrow keys, one panel shown at a time', async () => {
    const sent = interceptApi({});
    await renderWithProviders(<LandingContent language="en" now={new Date('2026-11-24T12:00:00Z')} />, { user: null });
    const tab = (name: string) => screen.getByRole('tab', { name });
    expect(tab('Week').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText(/Week B of an A\/B timetable/)).toBeTruthy();

    fireEvent.click(tab('Tasks'));
    expect(tab('Tasks').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toContain('Problem set 3');

    fireEvent.keyDown(tab('Tasks'), { key: 'ArrowRight' });
    expect(tab('Grade').getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tab('Grade'));
    expect(screen.getByRole('tabpanel').textContent).toContain('Course mark: 83.7%');
    fireEvent.keyDown(tab('Grade'), { key: 'Home' });
    expect(tab('Week').getAttribute('aria-selected')).toBe('true');
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
    // Read-only: the demo sends nothing.
    expect(sent).toEqual([]);
  });

  it('prices in dollars with the saving computed, Premium on sale (no “Coming soon”)', async () => {
    await renderWithProviders(<LandingContent language="en" now={new Date('2026-11-24T12:00:00Z')} />, { user: null });
    expect(screen.getAllByTestId('price').map((price) => price.textContent)).toEqual(['$0.00', '$4.99', '$39.99']);
    expect(screen.getByText('Save 33% with yearly')).toBeTruthy();
    expect(screen.queryAllByText('Coming soon')).toHaveLength(0);
    expect(screen.getByText(/^Subscribe from the Premium page/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe('/privacy-policy');
    expect(screen.getByRole('link', { name: 'Terms and conditions' }).getAttribute('href')).toBe('/terms-conditions');
  });
});

/** The build's prerendered pages (prerender.tsx): each in its own language, whatever the app's language is. */
describe('the prerendered landing page', () => {
  const gradeDemo = async (language: 'en' | 'de' | 'ja') => {
    const { html } = await prerenderLanding(language, new Date('2026-11-24T12:00:00Z'));
    const start = html.indexOf('id="demo-panel-grade"');
    return html
      .slice(start, html.indexOf('</dl>', start))
      .replace(/<[^>]+>/g, ' ')
      .replace(/[\s\u00a0\u202f]+/g, ' ');
  };

  it('writes the grade demo’s numbers in the page’s language (a German page said "83.7%" and "8.81")', async () => {
    const german = await gradeDemo('de');
    expect(german).toContain('83,7 %');
    expect(german).toContain('(84 %)');
    expect(german).toContain('GPA 3,0');
    expect(german).toContain('8,81');
    expect(german).not.toMatch(/\d\.\d/);
    const english = await gradeDemo('en');
    expect(english).toContain('83.7%');
    expect(english).toContain('8.81');
    expect(await gradeDemo('ja')).toContain('83.7%');
  });
});

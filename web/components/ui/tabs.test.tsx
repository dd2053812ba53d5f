// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

function Example({ controlled = false, keepTimer = false }: { controlled?: boolean; keepTimer?: boolean }) {
  const [tab, setTab] = useState('one');
  const choice = controlled ? { value: tab, onValueChange: setTab } : { defaultValue: 'one' };
  return (
    <Tabs {...choice}>
      <TabsList aria-label="Sections">
        <TabsTrigger value="one">One</TabsTrigger>
        <TabsTrigger value="two">Two</TabsTrigger>
      </TabsList>
      <TabsContent value="one" forceMount={keepTimer} className="data-[state=inactive]:hidden">
        First panel
      </TabsContent>
      <TabsContent value="two">Second panel</TabsContent>
    </Tabs>
  );
}

const panelOf = (tab: HTMLElement) => document.getElementById(tab.getAttribute('aria-controls') ?? '');

afterEach(cleanup);

describe('Tabs', () => {
  it.each([false, true])('ties each tab to its panel and shows only the chosen one (controlled: %s)', (controlled) => {
    render(<Example controlled={controlled} />);
    const one = screen.getByRole('tab', { name: 'One' });
    const two = screen.getByRole('tab', { name: 'Two' });
    expect(one.getAttribute('aria-selected')).toBe('true');
    expect(panelOf(one)?.getAttribute('aria-labelledby')).toBe(one.id);
    expect(panelOf(two)?.getAttribute('aria-labelledby')).toBe(two.id);
    expect(screen.getByRole('tabpanel').textContent).toBe('First panel');
    // The panel not chosen is in the document, hidden and empty, so its tab's aria-controls names an element.
    expect(panelOf(two)?.hidden).toBe(true);
    expect(panelOf(two)?.textContent).toBe('');

    fireEvent.mouseDown(two, { button: 0 });
    expect(two.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('Second panel');
    expect(screen.getByRole('tabpanel').getAttribute('data-state')).toBe('active');
    expect(panelOf(one)?.hidden).toBe(true);
  });

  it('moves between tabs with the arrow keys, the chosen tab following the focus', async () => {
    render(<Example />);
    const one = screen.getByRole('tab', { name: 'One' });
    one.focus();
    fireEvent.keyDown(one, { key: 'ArrowRight' });
    const two = screen.getByRole('tab', { name: 'Two' });
    // Radix moves the focus in a timer of its own.
    await waitFor(() => expect(document.activeElement).toBe(two));
    expect(two.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('Second panel');
  });

  it('keeps a force-mounted panel and its content when another tab is chosen, marked inactive', () => {
    render(<Example keepTimer />);
    const one = screen.getByRole('tab', { name: 'One' });
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Two' }), { button: 0 });
    const kept = panelOf(one)!;
    expect(kept.textContent).toBe('First panel');
    expect(kept.getAttribute('data-state')).toBe('inactive');
    expect(kept.hidden).toBe(false);
  });
});

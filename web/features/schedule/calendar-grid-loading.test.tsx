// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { interceptApi, renderWithProviders } from '../../test/component-harness';
import { EMPTY_SCHEDULE_ANSWERS, onAPhoneWindow } from '../../test/schedule-fixture';

// The grid views' module (decision 263): its first load fails (a phone gone offline before the service
// worker held it), the next succeeds.
let loads = 0;
vi.mock('./calendar-grid', () => {
  loads += 1;
  if (loads === 1) throw new Error('Failed to fetch dynamically imported module');
  return { CalendarGrid: ({ initialView }: { initialView: string }) => <p>grid {initialView}</p> };
});
const { CalendarTab } = await import('./calendar-tab');

onAPhoneWindow();

describe("the grid views' code, loaded when a grid view is first picked", () => {
  it('shows the error state with a retry when it cannot load, and the grid once a retry loads it; the agenda needs none of it', async () => {
    interceptApi(EMPTY_SCHEDULE_ANSWERS);
    await renderWithProviders(<CalendarTab />, { path: '/schedule' });
    expect(await screen.findByRole('list', { name: 'Agenda' })).not.toBeNull();
    expect(loads).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Day' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('grid timeGridDay')).not.toBeNull();
    expect(loads).toBe(2);
  });
});

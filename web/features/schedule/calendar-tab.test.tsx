// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { interceptApi, renderWithProviders } from '../../test/component-harness';
import { CalendarTab } from './calendar-tab';

const width = window.innerWidth;
beforeEach(() => {
  // A phone: the calendar opens on the agenda.
  Object.defineProperty(window, 'innerWidth', { value: 390, configurable: true });
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });
  vi.unstubAllGlobals();
});

// Issue 41: the agenda showed with the classes and then took the tasks and assessments in above its
// first item as they arrived (CLS 0.1 on /schedule). It waits for everything it draws.
describe('the calendar tab', () => {
  it('shows the agenda once the tasks, assessments, attendance and study plan have answered, not before', async () => {
    let answerTasks: (tasks: unknown[]) => void = () => {};
    const sent = interceptApi({
      'GET /api/courses': [],
      'GET /api/terms': [],
      'GET /api/holidays': [],
      'GET /api/tasks': () => new Promise((resolve) => (answerTasks = resolve)),
      'GET /api/assessments': [],
      'GET /api/attendance': [],
      'GET /api/study-plan': { blocks: [] },
      'GET /api/calendar/feed': { url: null },
    });
    await renderWithProviders(<CalendarTab />);
    await waitFor(() => expect(sent.map((request) => request.path)).toContain('/api/study-plan'));
    // Every answer but the tasks' is in once the fetches' promises have run: one turn of the event loop.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.queryByRole('list', { name: 'Agenda' })).toBeNull();
    expect(screen.getByRole('status')).not.toBeNull();
    answerTasks([]);
    expect(await screen.findByRole('list', { name: 'Agenda' })).not.toBeNull();
  });
});

// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FeedPreview } from '../../../common/schemas/lms-feeds.schema';
import { interceptApi, refuse, renderWithProviders, writes } from '../../test/component-harness';
import { FeedImportForm } from './calendar-import-form';

const preview: FeedPreview = {
  name: 'Ada Lovelace Calendar (Canvas)',
  items: [
    {
      uid: 'event-assignment-1',
      recurrenceId: '',
      title: 'Essay 2: Argument',
      dueDate: '2026-12-03T06:59:00.000Z',
      allDay: false,
      taskType: 'assignment',
      courseKey: 'ENGL 101',
      cancelled: false,
    },
    {
      uid: 'event-assignment-2',
      recurrenceId: '',
      title: 'Midterm Exam',
      dueDate: '2026-12-15T09:00:00.000Z',
      allDay: false,
      taskType: 'exam',
      courseKey: 'CS 101',
      cancelled: false,
    },
  ],
  courses: [
    { key: 'CS 101', itemCount: 1, courseId: 'c-cs' },
    { key: 'ENGL 101', itemCount: 1, courseId: null },
  ],
  truncated: false,
};
const courses = [
  { id: 'c-cs', name: 'CS101 Intro', color: '#334455' },
  { id: 'c-en', name: 'English', color: '#334455' },
];

describe('FeedImportForm → requests', () => {
  it('previews the address, then imports it with a course for each of the feed’s courses', async () => {
    const sent = interceptApi({
      'GET /api/courses': courses,
      'GET /api/lms-feeds': [],
      'GET /api/tasks': [],
      'POST /api/lms-feeds/preview': preview,
      'POST /api/lms-feeds': { feed: {}, result: { unchanged: false, created: 2, updated: 0, removed: 0, keptEdits: 0 } },
    });
    await renderWithProviders(<FeedImportForm />);
    fireEvent.change(screen.getByLabelText('Calendar address'), { target: { value: ' webcal://canvas.example.edu/feed.ics ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByText('2 tasks will be added.');
    expect(writes(sent)[0]).toEqual({
      method: 'POST',
      path: '/api/lms-feeds/preview',
      body: { url: 'webcal://canvas.example.edu/feed.ics' },
    });
    // CS 101 came matched; the student picks English for ENGL 101.
    await waitFor(() => expect(screen.getAllByRole('option', { name: 'English' })).toHaveLength(2));
    fireEvent.change(screen.getByLabelText('ENGL 101'), { target: { value: 'c-en' } });
    fireEvent.click(screen.getByRole('button', { name: 'Import 2 tasks' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(2));
    expect(writes(sent)[1]).toEqual({
      method: 'POST',
      path: '/api/lms-feeds',
      // Only the pick that differs from the server's match is sent (CS 101 the server matches itself).
      body: { url: 'webcal://canvas.example.edu/feed.ics', courseChoices: { 'ENGL 101': 'c-en' } },
    });
  });

  it('says a refusal in words and sends nothing more', async () => {
    const sent = interceptApi({
      'GET /api/courses': courses,
      'POST /api/lms-feeds/preview': refuse(400, {
        message: 'This address points inside a private network and cannot be fetched',
        code: 'feed_address_refused',
      }),
    });
    await renderWithProviders(<FeedImportForm />);
    fireEvent.change(screen.getByLabelText('Calendar address'), { target: { value: 'https://10.0.0.1/feed.ics' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect((await screen.findByRole('alert')).textContent).toContain('points to a private network');
    expect(writes(sent)).toHaveLength(1);
  });
});

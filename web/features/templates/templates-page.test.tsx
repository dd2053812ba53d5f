// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TemplateDocument, TemplateSummary } from '../../../common/schemas/templates.schema';
import { interceptApi, refuse, renderWithProviders } from '../../test/component-harness';
import { TemplatesPage } from './templates-page';

const check = (onTrial: boolean) => ({ hasPremium: false, onTrial, trialEndDate: '2026-01-01T00:00:00.000Z', subscription: null });
const templates: TemplateSummary[] = [
  {
    id: 'weekly-timetable',
    category: 'scheduleTemplates',
    format: 'pdf',
    name: 'Weekly timetable',
    description: 'Your week.',
    fileName: 'studypilot-weekly-timetable.pdf',
    size: 12_800,
  },
  {
    id: 'project-plan',
    category: 'projectManagement',
    format: 'xlsx',
    name: 'Project plan with Gantt chart',
    description: 'Plan.',
    fileName: 'studypilot-project-plan.xlsx',
    size: 9_000,
  },
];
const document: TemplateDocument = {
  id: 'project-plan',
  format: 'xlsx',
  language: 'en',
  title: 'Project plan with Gantt chart',
  subtitle: 'Prepared for tester on Nov 24, 2026',
  landscape: true,
  sections: [
    {
      title: 'Plan',
      blocks: [
        { kind: 'heading', text: 'Deadlines' },
        { kind: 'paragraph', text: '<b>not markup</b>', muted: true },
        { kind: 'fields', fields: [{ label: 'Course', value: '高等数学' }] },
        { kind: 'table', columns: ['Task', 'Due'], widths: [2, 1], rows: [['Bridge model', 'Dec 18, 2026']], blankRows: 5, choices: null },
        { kind: 'checklist', items: [{ text: 'Pack pens', done: false }] },
        { kind: 'lines', label: 'Goals', count: 4 },
        {
          kind: 'weekGrid',
          startMinute: 480,
          endMinute: 1020,
          hours: [{ minute: 480, label: '8:00 AM' }],
          days: [
            {
              label: 'Mon, Nov 23',
              items: [{ startMinute: 540, endMinute: 630, time: '9:00 AM–10:30 AM', title: 'Physics', detail: 'B201', color: '#3366cc' }],
            },
          ],
        },
        {
          kind: 'monthGrid',
          weekdays: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
          weeks: [[null, { day: 1, shaded: true, marks: ['◆'] }, null, null, null, null, null]],
        },
        { kind: 'cornell', cue: 'Cues and questions', notes: 'Notes', summary: 'Summary' },
        {
          kind: 'gantt',
          taskLabel: 'Task',
          columns: ['Nov 22', 'Nov 29'],
          bars: [{ label: 'Bridge model', detail: 'Physics', start: 0, end: 1 }],
        },
      ],
    },
  ],
};

describe('TemplatesPage', () => {
  it('shows the templates by category, previews every block of the content model as text, and asks in the reader’s language', async () => {
    const sent = interceptApi({
      'GET /api/premium/check': check(true),
      'GET /api/premium/templates': templates,
      'GET /api/premium/templates/project-plan/preview': document,
    });
    await renderWithProviders(<TemplatesPage />);
    expect(await screen.findByRole('heading', { name: 'Schedule templates', level: 2 })).toBeTruthy();
    expect(screen.getByText('Included in your free trial: download any template.')).toBeTruthy();
    expect(screen.getByText('PDF · 12.5 kB')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Unlock with Premium' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Preview Project plan with Gantt chart' }));
    const dialog = await screen.findByRole('dialog', { name: 'Project plan with Gantt chart' });
    expect(await within(dialog).findByText('Bridge model', { selector: 'td' })).toBeTruthy();
    expect(within(dialog).getByText('<b>not markup</b>')).toBeTruthy();
    expect(within(dialog).getByText('高等数学')).toBeTruthy();
    expect(within(dialog).getByText('Plus 5 empty rows to fill in.')).toBeTruthy();
    expect(within(dialog).getByText('Pack pens')).toBeTruthy();
    expect(within(dialog).getByText('4 lines to write on')).toBeTruthy();
    expect(within(dialog).getByText('9:00 AM–10:30 AM · B201')).toBeTruthy();
    expect(within(dialog).getByText('Cues and questions')).toBeTruthy();
    expect(within(dialog).getByText('From Nov 22 to Nov 29')).toBeTruthy();
    expect(sent.map((request) => request.path)).toContain('/api/premium/templates/project-plan/preview?lang=en');
    expect(sent.map((request) => request.path)).toContain('/api/premium/templates?lang=en');
  });

  it('offers Premium to an expired trial and shows the server’s refusal of a download', async () => {
    const sent = interceptApi({
      'GET /api/premium/check': check(false),
      'GET /api/premium/templates': templates,
      'GET /api/premium/templates/weekly-timetable/download': refuse(403, {
        code: 'premium_required',
        message: 'Premium Access Required - This feature requires premium access or an active trial.',
      }),
    });
    await renderWithProviders(<TemplatesPage />, { toaster: true });
    expect(await screen.findByText('Your free trial has ended')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Unlock with Premium' })[0]?.getAttribute('href')).toBe('/premium');

    fireEvent.click(screen.getByRole('button', { name: 'Download Weekly timetable' }));
    expect(await screen.findByText('Premium Access Required')).toBeTruthy();
    expect(screen.getByText('This feature requires premium access or an active trial.')).toBeTruthy();
    expect(sent.map((request) => request.path)).toContain('/api/premium/templates/weekly-timetable/download?lang=en');
  });

  it('keeps each download’s button disabled until its own file arrives, with another download started meanwhile', async () => {
    interceptApi({ 'GET /api/premium/check': check(true), 'GET /api/premium/templates': templates });
    // Downloads wait until the test lets them through.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const intercepted = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input instanceof Request ? input.url : input).includes('/download')) {
        await released;
        return new Response(new Blob(['file']), { status: 200 });
      }
      return intercepted(input, init);
    });
    await renderWithProviders(<TemplatesPage />);
    const first = await screen.findByRole('button', { name: 'Download Weekly timetable' });
    fireEvent.click(first);
    await waitFor(() => expect(first).toHaveProperty('disabled', true));
    const second = screen.getByRole('button', { name: 'Download Project plan with Gantt chart' });
    fireEvent.click(second);
    await waitFor(() => expect(second).toHaveProperty('disabled', true));
    expect(first).toHaveProperty('disabled', true);
    release();
    await waitFor(() => expect(first).toHaveProperty('disabled', false));
    expect(second).toHaveProperty('disabled', false);
  });

  it('shows docs/product.md §8’s message when the templates cannot be loaded', async () => {
    interceptApi({ 'GET /api/premium/check': check(true), 'GET /api/premium/templates': refuse(500, { code: 'internal', message: 'x' }) });
    await renderWithProviders(<TemplatesPage />);
    expect(await screen.findByText('Error Loading Content')).toBeTruthy();
    expect(screen.getByText('Failed to load premium files')).toBeTruthy();
  });
});

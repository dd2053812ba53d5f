// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Course } from '../../../common/schemas/schedule.schema';
import { fill, fillTime, interceptApi, refuse, renderWithProviders, writes } from '../../test/component-harness';
import { CourseForm } from './classes-tab';

const saved: Course = {
  id: 'c1',
  name: 'Maths',
  credits: 5,
  instructor: 'Dr Rao',
  room: 'B12',
  termId: null,
  startDate: '2026-09-01',
  endDate: '2027-01-31',
  color: '#10b981',
  targetGrade: 80,
  timeSlots: [{ day: 2, startTime: '09:00', endTime: '10:30', week: null, cycleDay: null }],
  groupId: null,
  cancelledLessons: [],
};
const terms = [
  { id: 't1', name: 'Autumn', academicYearId: null, startDate: '2026-09-01', endDate: '2027-01-31', rotation: { kind: 'weekly' } },
];

const renderForm = (item: Course | null = null) => renderWithProviders(<CourseForm item={item} onDone={() => {}} />, { toaster: true });

describe('Class form → request', () => {
  it('adds: one POST /api/courses with numbers as numbers, blanks as null and each slot’s day as a number', async () => {
    const sent = interceptApi({ 'GET /api/terms': terms, 'POST /api/courses': saved });
    await renderForm();
    // Scoped to its select: the time fields' hours and minutes are options too.
    await within(screen.getByLabelText('Term')).findByRole('option', { name: 'Autumn' });
    fill('Name', 'Maths');
    fill('Instructor', 'Dr Rao');
    fill('Credits', '5');
    fill('Target grade (%)', '80');
    fill('Term', 't1');
    fill('Start date (optional)', '2026-09-01');
    fill('Colour', '#10b981');
    fill('Day', '2');
    fillTime('Start', '09:00');
    fillTime('End', '14:30');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]).toEqual({
      method: 'POST',
      path: '/api/courses',
      body: {
        name: 'Maths',
        credits: 5,
        instructor: 'Dr Rao',
        room: null,
        termId: 't1',
        startDate: '2026-09-01',
        endDate: null,
        color: '#10b981',
        targetGrade: 80,
        timeSlots: [{ day: 2, startTime: '09:00', endTime: '14:30', week: null, cycleDay: null }],
      },
    });
  });

  it('shows a saved slot’s times on the English clock, whatever the browser’s locale', async () => {
    interceptApi({ 'GET /api/terms': [] });
    await renderForm(saved);
    const end = screen.getByRole('group', { name: 'End' });
    const shown = within(end)
      .getAllByRole('combobox')
      .map((select) => (select as HTMLSelectElement).selectedOptions[0]?.textContent);
    expect(shown).toEqual(['10', '30', 'AM']);
  });

  it('edits: PATCHes the class by id with the changed value', async () => {
    const sent = interceptApi({ 'GET /api/terms': [], 'PATCH /api/courses/c1': { ...saved, room: 'C3' } });
    await renderForm(saved);
    fill('Room', 'C3');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]).toMatchObject({ method: 'PATCH', path: '/api/courses/c1', body: { name: 'Maths', room: 'C3', credits: 5 } });
  });

  it('a 400’s issues[] show on their field; the toast keeps the usual sentence for a generic code', async () => {
    interceptApi({
      'GET /api/terms': [],
      'PATCH /api/courses/c1': refuse(400, {
        message: 'End date must be on or after the start date',
        code: 'validation_error',
        issues: [{ path: 'endDate', message: 'End date must be on or after the start date' }],
      }),
    });
    await renderForm(saved);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('End date must be on or after the start date');
    expect(screen.getByLabelText('End date (optional)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Start date (optional)').getAttribute('aria-invalid')).toBeNull();
    await waitFor(
      () => expect(within(screen.getByTestId('toast')).getByText('There was a problem updating the class. Please try again.')).toBeTruthy(),
      { timeout: 5000 },
    );
  });

  it('a refusal with its own code reads as that code’s translated sentence, in the toast and on the field', async () => {
    interceptApi({
      'GET /api/terms': [],
      'PATCH /api/courses/c1': refuse(400, {
        message: 'endDate before startDate',
        code: 'invalid_date_range',
        issues: [{ path: 'endDate', message: 'endDate before startDate' }],
      }),
    });
    await renderForm(saved);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(screen.getByTestId('toast')).getByText('Please choose a valid date range.')).toBeTruthy(), {
      timeout: 5000,
    });
    expect(screen.getByLabelText('End date (optional)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('endDate before startDate')).toBeNull();
  });
});

describe('A class shared with a class group (issue 39)', () => {
  const linked: Course = { ...saved, groupId: 'group-1' };

  it("shows the group's fields as text and PATCHes only the class's own fields (colour, credits, term, dates, target)", async () => {
    const sent = interceptApi({ 'GET /api/terms': [], 'PATCH /api/courses/c1': { ...linked, credits: 6 } });
    await renderForm(linked);
    expect(screen.getByTestId('class-group-fields').textContent).toContain('Maths · Dr Rao · B12');
    expect(screen.queryByLabelText('Name')).toBeNull();
    expect(screen.queryByLabelText('Instructor')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Start' })).toBeNull();
    fill('Credits', '6');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]).toEqual({
      method: 'PATCH',
      path: '/api/courses/c1',
      body: { credits: 6, termId: null, startDate: '2026-09-01', endDate: '2027-01-31', color: '#10b981', targetGrade: 80 },
    });
  });
});

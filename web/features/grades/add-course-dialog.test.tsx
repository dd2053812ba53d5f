// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { parseNativeGrade } from '../../../common/domain/grading-systems';
import { fill, interceptApi, refuse, renderWithProviders, writes } from '../../test/component-harness';
import { AddCourseDialog } from './add-course-dialog';

const course = {
  id: 'c1',
  name: 'Physics',
  credits: 4,
  instructor: null,
  room: null,
  termId: null,
  startDate: null,
  endDate: null,
  color: '#3b82f6',
  targetGrade: 75,
  timeSlots: [],
};
const renderDialog = (system?: 'de_school') =>
  renderWithProviders(<AddCourseDialog open onOpenChange={() => {}} system={system} />, { toaster: true });

describe('Add course (grades) → request', () => {
  it('posts the trimmed name, the default colour, and numbers as numbers (blank as null)', async () => {
    const sent = interceptApi({ 'POST /api/courses': course });
    await renderDialog();
    fill('Course name', '  Physics ');
    fill('Target mark (%)', '75');
    fireEvent.click(screen.getByRole('button', { name: 'Add course' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]).toEqual({
      method: 'POST',
      path: '/api/courses',
      body: { name: 'Physics', color: '#3b82f6', credits: null, targetGrade: 75 },
    });
  });

  it('on a national scale the target typed as a grade is sent as its percentage', async () => {
    const sent = interceptApi({ 'POST /api/courses': course });
    await renderDialog('de_school');
    fill('Course name', 'Physik');
    fill('Credits', '4');
    fill('Target grade', '2+');
    fireEvent.click(screen.getByRole('button', { name: 'Add course' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]?.body).toEqual({
      name: 'Physik',
      color: '#3b82f6',
      credits: 4,
      targetGrade: parseNativeGrade('2+', 'de_school'),
    });
  });

  it('sends nothing without a name', async () => {
    const sent = interceptApi({});
    await renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Add course' }));
    await screen.findByText('Please provide a course name');
    expect(screen.getByLabelText('Course name').getAttribute('aria-invalid')).toBe('true');
    expect(writes(sent)).toEqual([]);
  });

  it('a 400’s issue on targetGrade shows on the target field', async () => {
    interceptApi({
      'POST /api/courses': refuse(400, {
        message: 'Invalid request',
        code: 'validation_error',
        issues: [{ path: 'targetGrade', message: 'Too big: expected number to be <=100' }],
      }),
    });
    await renderDialog();
    fill('Course name', 'Physics');
    fill('Target mark (%)', '150');
    fireEvent.click(screen.getByRole('button', { name: 'Add course' }));
    await screen.findByText('Too big: expected number to be <=100');
    expect(screen.getByLabelText('Target mark (%)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Course name').getAttribute('aria-invalid')).toBeNull();
    await waitFor(
      () => expect(within(screen.getByTestId('toast')).getByText('There was a problem adding the course. Please try again.')).toBeTruthy(),
      { timeout: 5000 },
    );
  });

  it('a refusal with its own code reads as that code’s translated sentence', async () => {
    interceptApi({ 'POST /api/courses': refuse(400, { message: 'Idempotency-Key must be a UUID', code: 'idempotency_key_invalid' }) });
    await renderDialog();
    fill('Course name', 'Physics');
    fireEvent.click(screen.getByRole('button', { name: 'Add course' }));
    await waitFor(
      () => expect(within(screen.getByTestId('toast')).getByText('The request could not be sent. Please try again.')).toBeTruthy(),
      {
        timeout: 5000,
      },
    );
  });
});

// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { interceptApi, renderWithProviders, writes } from '../../test/component-harness';
import { StudyHoursForm } from './study-hours-form';

const WEEKDAY = [{ startTime: '16:00', endTime: '21:00' }];
const HOURS = {
  windows: [[], WEEKDAY, WEEKDAY, WEEKDAY, WEEKDAY, WEEKDAY, []],
  dailyMaxMinutes: 240,
  breakMinutes: 10,
  bufferMinutes: 60,
  unitMinutes: 25,
  custom: true,
};

describe('Study hours form → studyHoursSchema', () => {
  // The form loads the API's schema (and zod) at its first save (decision 234); loading that module graph once here
  // keeps its one-time transform out of each test's wait for the message.
  beforeAll(() => import('./study-hours-schema'));

  it.each([
    ['Most a day (minutes)', '10', 'The daily maximum is 25 to 960 minutes.'],
    ['Most a day (minutes)', '961', 'The daily maximum is 25 to 960 minutes.'],
  ])('refuses %s = %s with the field’s message and sends nothing', async (label, value, message) => {
    const sent = interceptApi({ 'GET /api/study-hours': HOURS, 'PUT /api/study-hours': HOURS });
    await renderWithProviders(<StudyHoursForm />);
    fireEvent.change(await screen.findByLabelText(label), { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: 'Save study hours' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(writes(sent)).toEqual([]);
  });

  it('sends what the schema accepts', async () => {
    const sent = interceptApi({ 'GET /api/study-hours': HOURS, 'PUT /api/study-hours': HOURS });
    await renderWithProviders(<StudyHoursForm />);
    fireEvent.change(await screen.findByLabelText('Most a day (minutes)'), { target: { value: '300' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save study hours' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    const { custom: _custom, ...body } = HOURS;
    expect(writes(sent)[0]?.body).toEqual({ ...body, dailyMaxMinutes: 300 });
  });
});

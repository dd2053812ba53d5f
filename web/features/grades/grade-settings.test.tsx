// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fill, interceptApi, refuse, renderWithProviders, writes } from '../../test/component-harness';
import { GradeSettings } from './grade-settings';

const renderSettings = () => renderWithProviders(<GradeSettings system="custom" scale={[]} />, { toaster: true });

describe('Grade settings → request', () => {
  it('saves the custom scale: one PUT with the bands, percentages and points as numbers, blank points as null', async () => {
    const sent = interceptApi({ 'PUT /api/grading-system/custom-scale': (body: unknown) => body });
    await renderSettings();
    fill('Label of band 1', 'Good');
    fill('Minimum percentage of band 1', '60');
    fill('Grade points of band 1', '4');
    fireEvent.click(screen.getByRole('button', { name: 'Save scale' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]).toEqual({
      method: 'PUT',
      path: '/api/grading-system/custom-scale',
      body: {
        bands: [
          { label: 'Good', minPercentage: 60, gradePoints: 4 },
          { label: 'Fail', minPercentage: 0, gradePoints: null },
        ],
      },
    });
  });

  it('picks a grading system from the grouped list: PATCH /api/grading-system with its key', async () => {
    const sent = interceptApi({ 'PATCH /api/grading-system': { system: 'de_school' } });
    await renderSettings();
    expect(screen.getByRole('option', { name: 'Germany: school grades (1–6 with +/−)' })).toBeTruthy();
    fill('Grading system', 'de_school');
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]).toEqual({ method: 'PATCH', path: '/api/grading-system', body: { system: 'de_school' } });
  });

  it('sends nothing for a scale without a 0 % band', async () => {
    const sent = interceptApi({});
    await renderSettings();
    fill('Minimum percentage of band 2', '10');
    fireEvent.click(screen.getByRole('button', { name: 'Save scale' }));
    await screen.findByText('One band must start at 0%.');
    expect(writes(sent)).toEqual([]);
  });

  it('a 400’s issues[] mark their band’s field and are listed under the scale', async () => {
    interceptApi({
      'PUT /api/grading-system/custom-scale': refuse(400, {
        message: 'Invalid request',
        code: 'validation_error',
        issues: [{ path: 'bands.1.minPercentage', message: 'Minimum percentages must be whole numbers' }],
      }),
    });
    await renderSettings();
    fireEvent.click(screen.getByRole('button', { name: 'Save scale' }));
    await screen.findByText('Minimum percentages must be whole numbers');
    expect(screen.getByLabelText('Minimum percentage of band 2').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Minimum percentage of band 1').getAttribute('aria-invalid')).toBeNull();
    await waitFor(
      () =>
        expect(
          within(screen.getByTestId('toast')).getByText('There was a problem updating the custom scale. Please try again.'),
        ).toBeTruthy(),
      { timeout: 5000 },
    );
  });

  it('a refusal with its own code reads as that code’s translated sentence; a generic one keeps the usual sentence', async () => {
    interceptApi({
      'PUT /api/grading-system/custom-scale': refuse(400, { message: 'Idempotency-Key must be a UUID', code: 'idempotency_key_invalid' }),
    });
    await renderSettings();
    fireEvent.click(screen.getByRole('button', { name: 'Save scale' }));
    await waitFor(
      () => expect(within(screen.getByTestId('toast')).getByText('The request could not be sent. Please try again.')).toBeTruthy(),
      { timeout: 5000 },
    );
  });
});

// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { interceptApi, refuse, renderWithProviders, TEST_USER } from '../../test/component-harness';
import { NextUpPanel } from './next-up-panel';

const NOW = new Date('2030-06-12T08:00:00.000Z');
const EMPTY_PLAN = { active: false, blocks: [], shortfalls: [], moves: 0 };

describe('Next up', () => {
  it('a failed plan request is the error state with a retry, not "nothing planned"; the retry reads again', async () => {
    let fail = true;
    const sent = interceptApi({
      'GET /api/study-plan': () => (fail ? refuse(500, { message: 'Internal error', code: 'internal' }) : EMPTY_PLAN),
    });
    await renderWithProviders(<NextUpPanel now={NOW} timeZone={TEST_USER.timeZone} />);
    expect(await screen.findByText('Error loading data')).toBeTruthy();
    expect(screen.queryByText('No study block planned. Plan your week from Study.')).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No study block planned. Plan your week from Study.')).toBeTruthy();
    expect(sent.filter((request) => request.path === '/api/study-plan').length).toBeGreaterThanOrEqual(2);
  });

  it('an empty plan says nothing is planned', async () => {
    interceptApi({ 'GET /api/study-plan': EMPTY_PLAN });
    await renderWithProviders(<NextUpPanel now={NOW} timeZone={TEST_USER.timeZone} />);
    expect(await screen.findByText('No study block planned. Plan your week from Study.')).toBeTruthy();
  });
});

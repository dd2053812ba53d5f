// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { interceptApi, renderWithProviders, writes } from '../../test/component-harness';
import { CustomRewardDialog } from './custom-reward-dialog';

const saved = { id: 'r1', name: 'Movie night', description: 'With popcorn', cost: 250, category: 'Fun', builtIn: false };

describe('CustomRewardDialog → request', () => {
  it('creates: trims the name, sends the cost as a number and empty optional fields as null', async () => {
    const sent = interceptApi({ 'POST /api/rewards': saved, 'GET /api/rewards': [] });
    await renderWithProviders(<CustomRewardDialog open onOpenChange={() => {}} reward={null} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '  Movie night ' } });
    fireEvent.change(screen.getByLabelText('Cost in points'), { target: { value: '250' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]).toEqual({
      method: 'POST',
      path: '/api/rewards',
      body: { name: 'Movie night', description: null, cost: 250, category: null },
    });
  });

  it('edits: PATCHes the reward by id with every field', async () => {
    const sent = interceptApi({ 'PATCH /api/rewards/r1': saved, 'GET /api/rewards': [] });
    await renderWithProviders(<CustomRewardDialog open onOpenChange={() => {}} reward={saved} />);
    fireEvent.change(screen.getByLabelText('Cost in points'), { target: { value: '300' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]).toEqual({
      method: 'PATCH',
      path: '/api/rewards/r1',
      body: { name: 'Movie night', description: 'With popcorn', cost: 300, category: 'Fun' },
    });
  });

  it('sends nothing while the cost is out of range', async () => {
    const sent = interceptApi({});
    await renderWithProviders(<CustomRewardDialog open onOpenChange={() => {}} reward={null} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Too cheap' } });
    fireEvent.change(screen.getByLabelText('Cost in points'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/^Enter a whole number from 1 to/);
    expect(writes(sent)).toEqual([]);
  });
});

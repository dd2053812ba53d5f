// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AcademicGoal } from '../../../common/schemas/academic-goals.schema';
import { interceptApi, renderWithProviders, writes } from '../../test/component-harness';
import { GoalDialog } from './goal-dialog';

const saved: AcademicGoal = {
  id: 'g1',
  title: 'Physics 85%',
  description: 'Lab reports',
  targetDate: '2026-06-01',
  target: '85% final mark',
  progress: 40,
  priority: 'high',
  status: 'in_progress',
  notes: null,
};

describe('GoalDialog → request', () => {
  it('creates: trims the title, sends numbers as numbers and empty optional fields as null', async () => {
    const sent = interceptApi({ 'POST /api/academic-goals': saved, 'GET /api/academic-goals': [] });
    await renderWithProviders(<GoalDialog open onOpenChange={() => {}} goal={null} />);
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: '  Read 12 books ' } });
    fireEvent.change(screen.getByLabelText('Target date'), { target: { value: '2026-12-31' } });
    fireEvent.change(screen.getByLabelText('Progress (%)'), { target: { value: '25' } });
    fireEvent.change(screen.getByLabelText('Priority'), { target: { value: 'low' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'in_progress' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]).toEqual({
      method: 'POST',
      path: '/api/academic-goals',
      body: {
        title: 'Read 12 books',
        description: null,
        targetDate: '2026-12-31',
        target: null,
        progress: 25,
        priority: 'low',
        status: 'in_progress',
        notes: null,
      },
    });
  });

  it('edits: PATCHes the goal by id with every field, a cleared date as null', async () => {
    const sent = interceptApi({ 'PATCH /api/academic-goals/g1': saved, 'GET /api/academic-goals': [] });
    await renderWithProviders(<GoalDialog open onOpenChange={() => {}} goal={saved} />);
    fireEvent.change(screen.getByLabelText('Target date'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Notes'), { target: { value: 'Ask the teacher' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]).toEqual({
      method: 'PATCH',
      path: '/api/academic-goals/g1',
      body: {
        title: 'Physics 85%',
        description: 'Lab reports',
        targetDate: null,
        target: '85% final mark',
        progress: 40,
        priority: 'high',
        status: 'in_progress',
        notes: 'Ask the teacher',
      },
    });
  });

  it('sends nothing without a title or with progress over 100', async () => {
    const sent = interceptApi({});
    await renderWithProviders(<GoalDialog open onOpenChange={() => {}} goal={null} />);
    fireEvent.change(screen.getByLabelText('Progress (%)'), { target: { value: '120' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Title is required');
    await screen.findByText('Enter a whole number from 0 to 100');
    expect(writes(sent)).toEqual([]);
  });
});

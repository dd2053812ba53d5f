// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminFeedback, AdminUser } from '../../api/admin';
import { fill, interceptApi, renderWithProviders, writes } from '../../test/component-harness';
import { FeedbackTab } from './feedback-tab';
import { UsersTab } from './users-tab';

const student: AdminUser = {
  id: '11111111-1111-4111-8111-111111111111',
  username: 'ada',
  roles: 'user',
  isPremium: false,
  email: 'ada@example.org',
  recoveryEmail: null,
  timeZone: 'UTC',
  language: null,
  trialEndDate: '2099-01-01T00:00:00.000Z',
  subscriptionTier: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  points: 0,
  plan: 'trial',
  lastActiveAt: '2026-11-20T10:00:00.000Z',
  locked: false,
};
const counts = {
  courses: 2,
  tasks: 5,
  assessments: 1,
  grades: 1,
  studySessions: 3,
  studyMinutes: 90,
  goals: 0,
  feedback: 1,
  activeSessions: 1,
};
const question: AdminFeedback = {
  id: '22222222-2222-4222-8222-222222222222',
  userId: student.id,
  username: 'ada',
  category: 'question',
  subject: 'Export <b>grades</b>',
  message: 'How do I export?',
  status: 'open',
  priority: 'priority',
  reply: null,
  repliedAt: null,
  createdAt: '2026-11-24T08:00:00.000Z',
  updatedAt: '2026-11-24T08:00:00.000Z',
  dueBy: '2026-11-25T08:00:00.000Z',
};

async function confirm() {
  const dialog = await screen.findByRole('alertdialog');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
}

describe('admin users → requests', () => {
  it('sets the trial end to the end of the chosen day, after a confirmation', async () => {
    const sent = interceptApi({
      'GET /api/admin/users': [student],
      [`GET /api/admin/users/${student.id}`]: { ...student, counts },
      [`PATCH /api/admin/users/${student.id}`]: { ...student, trialEndDate: '2031-06-30T23:59:59.000Z' },
    });
    await renderWithProviders(<UsersTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Manage ada' }));
    expect(await screen.findByText('Their data (counts only)')).toBeTruthy();
    fill('New trial end', '2031-06-30');
    fireEvent.click(screen.getByRole('button', { name: 'Set trial end' }));
    expect(writes(sent)).toHaveLength(0);
    await confirm();
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]).toEqual({
      method: 'PATCH',
      path: `/api/admin/users/${student.id}`,
      body: { trialEndDate: '2031-06-30T23:59:59.000Z' },
    });
  });

  it('grants premium and signs out everywhere through their own requests', async () => {
    const sent = interceptApi({
      'GET /api/admin/users': [student],
      [`GET /api/admin/users/${student.id}`]: { ...student, counts },
      [`PATCH /api/admin/users/${student.id}`]: { ...student, isPremium: true, plan: 'premium' },
      [`POST /api/admin/users/${student.id}/sign-out`]: null,
    });
    await renderWithProviders(<UsersTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Manage ada' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Grant premium' }));
    await confirm();
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    await confirm();
    await waitFor(() => expect(writes(sent)).toHaveLength(2));
    expect(writes(sent).map(({ method, path, body }) => [method, path, body])).toEqual([
      ['PATCH', `/api/admin/users/${student.id}`, { isPremium: true }],
      ['POST', `/api/admin/users/${student.id}/sign-out`, {}],
    ]);
  });
});

describe('admin feedback → requests', () => {
  it('shows user text as text and sends the reply after a confirmation', async () => {
    const sent = interceptApi({
      'GET /api/admin/feedback': [question],
      [`PATCH /api/admin/feedback/${question.id}`]: { ...question, reply: 'Open Grades, then Export.', status: 'resolved' },
    });
    await renderWithProviders(<FeedbackTab />);
    expect(await screen.findByRole('heading', { name: 'Export <b>grades</b>' })).toBeTruthy();
    fill('Reply to ada', 'Open Grades, then Export.');
    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    await confirm();
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]).toEqual({
      method: 'PATCH',
      path: `/api/admin/feedback/${question.id}`,
      body: { reply: 'Open Grades, then Export.' },
    });
  });

  it('sends no empty reply', async () => {
    const sent = interceptApi({ 'GET /api/admin/feedback': [question] });
    await renderWithProviders(<FeedbackTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Send reply' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(writes(sent)).toHaveLength(0);
  });
});

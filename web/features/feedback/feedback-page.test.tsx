// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fill, interceptApi, renderWithProviders, writes } from '../../test/component-harness';
import { FeedbackPage } from './feedback-page';

const check = (premium: boolean) => ({ hasPremium: premium, onTrial: false, trialEndDate: '2020-01-01T00:00:00.000Z', subscription: null });
const created = {
  id: 'f1',
  category: 'question',
  subject: 'Export',
  message: 'How do I export my grades?',
  status: 'open',
  priority: 'standard',
  reply: null,
  repliedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('FeedbackPage → request', () => {
  it('sends the category, the trimmed subject and message, then links to My feedback', async () => {
    const sent = interceptApi({ 'GET /api/premium/check': check(false), 'POST /api/feedback': created });
    await renderWithProviders(<FeedbackPage />);
    expect(await screen.findByText('We reply within 48 hours. Premium members get a reply within 24 hours.')).toBeTruthy();
    fill('Category', 'question');
    fill('Subject', '  Export ');
    fill('Message', ' How do I export my grades?\n');
    fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]).toEqual({
      method: 'POST',
      path: '/api/feedback',
      body: { category: 'question', subject: 'Export', message: 'How do I export my grades?' },
    });
    expect((await screen.findByRole('link', { name: 'See it under My feedback' })).getAttribute('href')).toBe('/feedback/mine');
  });

  it('promises 24 hours to premium users', async () => {
    interceptApi({ 'GET /api/premium/check': check(true) });
    await renderWithProviders(<FeedbackPage />);
    expect(await screen.findByText('Priority support: we reply within 24 hours.')).toBeTruthy();
  });

  it('sends nothing while the message is too short', async () => {
    const sent = interceptApi({ 'GET /api/premium/check': check(false) });
    await renderWithProviders(<FeedbackPage />);
    fill('Subject', 'Short');
    fill('Message', 'Too short');
    fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    await screen.findByText('Message must be 10–5000 characters');
    expect(writes(sent)).toEqual([]);
  });
});

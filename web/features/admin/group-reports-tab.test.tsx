// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminGroupReport } from '../../api/admin';
import { interceptApi, renderWithProviders, writes } from '../../test/component-harness';
import { GroupReportsTab } from './group-reports-tab';

const report: AdminGroupReport = {
  id: '33333333-3333-4333-8333-333333333333',
  itemId: '44444444-4444-4444-8444-444444444444',
  itemTitle: 'Answers to the test <b>here</b>',
  reason: 'inappropriate',
  note: 'Posting the answers',
  createdAt: '2026-11-30T10:00:00.000Z',
  groupId: '55555555-5555-4555-8555-555555555555',
  groupName: 'Biology',
  itemDescription: 'See attachment',
  posterName: null,
};

describe('Group reports inbox', () => {
  it('shows the reported item as text with its group, poster (a former member) and reason, never the reporter', async () => {
    interceptApi({ 'GET /api/admin/group-reports': [report] });
    await renderWithProviders(<GroupReportsTab />);
    expect(await screen.findByRole('heading', { name: 'Answers to the test <b>here</b>' })).toBeTruthy();
    expect(screen.getByText(/Group: Biology · Posted by a former member/)).toBeTruthy();
    expect(screen.getByText('Inappropriate')).toBeTruthy();
    expect(screen.getByText('Posting the answers')).toBeTruthy();
  });

  it('removing the item asks first, then resolves the report with remove_item', async () => {
    const sent = interceptApi({ 'GET /api/admin/group-reports': [report], [`POST /api/admin/group-reports/${report.id}/resolve`]: null });
    await renderWithProviders(<GroupReportsTab />, { toaster: true });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove item' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this item for everyone?' });
    expect(writes(sent)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]).toEqual({
      method: 'POST',
      path: `/api/admin/group-reports/${report.id}/resolve`,
      body: { action: 'remove_item' },
    });
  });

  it('says when there is nothing to review', async () => {
    interceptApi({ 'GET /api/admin/group-reports': [] });
    await renderWithProviders(<GroupReportsTab />);
    expect(await screen.findByText('No open group reports')).toBeTruthy();
  });
});

// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Group, GroupInvitePreview, GroupItem, GroupMember } from '../../../common/schemas/groups.schema';
import { fill, interceptApi, refuse, renderWithProviders, writes } from '../../test/component-harness';
import { GroupPage } from './group-page';
import { JoinPage } from './join-page';

const group = (overrides: Partial<Group> = {}): Group => ({
  id: 'g1',
  name: 'Biology',
  instructor: 'Dr Rao',
  room: 'B12',
  timeSlots: [{ day: 2, startTime: '09:00', endTime: '10:30', week: null, cycleDay: null }],
  cancelledLessons: [],
  role: 'member',
  memberCount: 2,
  courseId: 'c1',
  displayName: 'Sam',
  invite: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});
const members: GroupMember[] = [
  { id: 'm1', displayName: 'Ola', role: 'owner', joinedAt: '2026-11-01T10:00:00.000Z', isMe: false },
  { id: 'm2', displayName: 'Sam', role: 'member', joinedAt: '2026-11-02T10:00:00.000Z', isMe: true },
];
const items: GroupItem[] = [
  {
    id: 'i1',
    title: 'Worksheet 4',
    description: null,
    dueDate: '2026-12-01T09:00:00.000Z',
    taskType: 'assignment',
    postedBy: 'Ola',
    postedByMe: false,
    canEdit: false,
    createdAt: '2026-11-03T10:00:00.000Z',
    updatedAt: '2026-11-03T10:00:00.000Z',
  },
];

const renderAt = (path: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/groups/:id" element={<GroupPage />} />
      <Route path="/join/:code" element={<JoinPage />} />
      <Route path="/schedule" element={<p>Schedule page</p>} />
    </Routes>,
    { path, toaster: true },
  );

describe('/groups/:id', () => {
  it('a member sees the class, the members by display name and the shared items; no invite, no reports, no role controls', async () => {
    const sent = interceptApi({
      'GET /api/groups/g1': group(),
      'GET /api/groups/g1/members': members,
      'GET /api/groups/g1/items': items,
    });
    await renderAt('/groups/g1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Biology' })).toBeTruthy();
    expect(await screen.findByText('Sam (you)')).toBeTruthy();
    expect(screen.getByText('Posted by Ola')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Invite classmates' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Reports' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Role of Ola' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove Ola from the group' })).toBeNull();
    // Reports are a moderator's read: a member never asks for them.
    expect(sent.some((request) => request.path === '/api/groups/g1/reports')).toBe(false);
    // Anyone may report another member's item; only its poster or a moderator removes it.
    expect(screen.getByRole('button', { name: 'Report “Worksheet 4”' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove “Worksheet 4” for everyone' })).toBeNull();
  });

  it('a group the user is not in (404) is "not found", like one that never existed', async () => {
    interceptApi({ 'GET /api/groups/g1': refuse(404, { message: 'Not found', code: 'not_found' }) });
    await renderAt('/groups/g1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Class group not found' })).toBeTruthy();
  });

  it('an owner sees the invite with its code, rotates it, and changes a role', async () => {
    const invite = { code: 'K7MN8PQR', url: 'http://app.test/join/K7MN8PQR', expiresAt: '2026-12-08T10:00:00.000Z' };
    const sent = interceptApi({
      'GET /api/groups/g1': group({ role: 'owner', invite, displayName: 'Ola' }),
      'GET /api/groups/g1/members': members.map((member) => ({ ...member, isMe: member.id === 'm1' })),
      'GET /api/groups/g1/items': [],
      'GET /api/groups/g1/reports': [],
      'POST /api/groups/g1/invite': { ...invite, code: 'ZX9Y8W7V', url: 'http://app.test/join/ZX9Y8W7V' },
      'PATCH /api/groups/g1/members/m2': { ...members[1], role: 'moderator' },
    });
    await renderAt('/groups/g1');
    expect((await screen.findByTestId('invite-code')).textContent).toBe('K7MN8PQR');
    fill('Valid for', '14');
    fireEvent.click(screen.getByRole('button', { name: 'New link and code' }));
    await waitFor(() => expect(screen.getByTestId('invite-code').textContent).toBe('ZX9Y8W7V'));
    expect(writes(sent)[0]).toEqual({ method: 'POST', path: '/api/groups/g1/invite', body: { expiresInDays: 14 } });
    fireEvent.change(await screen.findByRole('combobox', { name: 'Role of Sam' }), { target: { value: 'moderator' } });
    await waitFor(() => expect(writes(sent)).toHaveLength(2));
    expect(writes(sent)[1]).toEqual({ method: 'PATCH', path: '/api/groups/g1/members/m2', body: { role: 'moderator' } });
    // The only owner with others in the group must hand over before leaving.
    expect(screen.getByTestId('group-hand-over')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Leave group' })).toHaveProperty('disabled', true);
  });

  it('leaving asks first, then goes back to the classes', async () => {
    const sent = interceptApi({
      'GET /api/groups/g1': group(),
      'GET /api/groups/g1/members': members,
      'GET /api/groups/g1/items': [],
      'DELETE /api/groups/g1/membership': null,
    });
    await renderAt('/groups/g1');
    fireEvent.click(await screen.findByRole('button', { name: 'Leave group' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave Biology?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('Schedule page')).toBeTruthy();
    expect(writes(sent).map(({ method, path }) => `${method} ${path}`)).toEqual(['DELETE /api/groups/g1/membership']);
  });
});

describe('/join/:code', () => {
  const preview: GroupInvitePreview = {
    name: 'Biology',
    instructor: 'Dr Rao',
    timeSlots: group().timeSlots,
    memberCount: 12,
    alreadyMember: false,
    groupId: null,
  };

  it('previews the class (slots on the English clock), asks for a display name, joins and opens the group', async () => {
    const sent = interceptApi({
      'GET /api/group-invites/K7MN8PQR': preview,
      'POST /api/group-invites/K7MN8PQR/join': { groupId: 'g1', courseId: 'c9' },
      'GET /api/groups/g1': group(),
      'GET /api/groups/g1/members': members,
      'GET /api/groups/g1/items': [],
    });
    await renderAt('/join/k7mn8pqr');
    expect(await screen.findByText('Tue 9:00 AM–10:30 AM')).toBeTruthy();
    expect(screen.getByText('12 members')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Join class' }));
    expect(await screen.findByText('Enter a name of 1 to 40 characters.')).toBeTruthy();
    expect(writes(sent)).toEqual([]);
    fill('Your display name', '  Sam ');
    fireEvent.click(screen.getByRole('button', { name: 'Join class' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Biology' })).toBeTruthy();
    expect(writes(sent)[0]).toMatchObject({ method: 'POST', path: '/api/group-invites/K7MN8PQR/join', body: { displayName: 'Sam' } });
  });

  it('an unknown, expired or revoked code is one answer', async () => {
    interceptApi({ 'GET /api/group-invites/NOPE2345': refuse(404, { message: 'gone', code: 'invite_not_found' }) });
    await renderAt('/join/NOPE2345');
    expect(await screen.findByText('This invite does not exist or has expired')).toBeTruthy();
  });
});

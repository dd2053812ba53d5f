import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  Group,
  GroupInvite,
  GroupInvitePreview,
  GroupItem,
  GroupJoinResponse,
  GroupMember,
  GroupPatchBody,
  GroupReport,
  GroupRole,
  GroupSummary,
  ReportAction,
  ReportReason,
} from '../../common/schemas/groups.schema';
import { apiJson } from '../lib/api-client';
import { codeFromInput } from '../lib/invite-code';
import { notificationsQuery } from './notifications';
import { coursesQuery } from './schedule';
import { announceTasksChanged, tasksQuery } from './tasks';

export type { Group, GroupInvite, GroupInvitePreview, GroupItem, GroupMember, GroupReport, GroupRole, GroupSummary, ReportReason };

/**
 * Class groups (issue 39, docs/api.md "Class groups"). Every key starts with 'groups' and then names its
 * GET path, so one invalidation of ['groups'] (the live stream's `groups` topic, web/lib/live.ts) reads
 * every group screen again, and each screen still shares one cache entry per resource.
 */
export const GROUPS_KEY = ['groups'] as const;

const read = <T>(path: string) => ({ queryKey: ['groups', path] as const, queryFn: () => apiJson<T>('GET', path) });

export const groupsQuery = read<GroupSummary[]>('/api/groups');
export const groupQuery = (id: string) => read<Group>(`/api/groups/${id}`);
export const groupMembersQuery = (id: string) => read<GroupMember[]>(`/api/groups/${id}/members`);
export const groupItemsQuery = (id: string) => read<GroupItem[]>(`/api/groups/${id}/items`);
export const groupReportsQuery = (id: string) => read<GroupReport[]>(`/api/groups/${id}/reports`);
/** Codes are case-insensitive on the server; the web asks in capitals so one code is one cache entry. */
export const normalizeInviteCode = codeFromInput;
export const invitePreviewQuery = (code: string) =>
  read<GroupInvitePreview>(`/api/group-invites/${encodeURIComponent(normalizeInviteCode(code))}`);

/** The groups the user is in (the Classes tab marks each shared class with its group). */
export const useGroups = () => useQuery(groupsQuery);
export const useGroup = (id: string) => useQuery(groupQuery(id));
export const useGroupMembers = (id: string) => useQuery(groupMembersQuery(id));
export const useGroupItems = (id: string) => useQuery(groupItemsQuery(id));
/** Moderators' only: `enabled` is the caller's role check (a member would be answered 403). */
export const useGroupReports = (id: string, enabled: boolean) => useQuery({ ...groupReportsQuery(id), enabled });
export const useInvitePreview = (code: string) => useQuery({ ...invitePreviewQuery(code), enabled: code.trim() !== '' });

/** Whether `role` may moderate (edit the class, invite, remove members and items, read reports). */
export const canModerate = (role: GroupRole) => role === 'owner' || role === 'moderator';

/**
 * After a group write: the group screens, and what a group write reaches in the user's own data — their
 * linked course (timetable, calendar), their task copies and the notification centre.
 */
async function refreshAfterGroupWrite(queryClient: QueryClient, { tasks = false, courses = false } = {}): Promise<void> {
  // Not the invite previews: a join would read its own invite again and show "already a member" under the joiner.
  const pending: Promise<unknown>[] = [
    queryClient.invalidateQueries({
      queryKey: GROUPS_KEY,
      predicate: (query) => !String(query.queryKey[1]).startsWith('/api/group-invites/'),
    }),
  ];
  if (courses) pending.push(queryClient.invalidateQueries({ queryKey: coursesQuery.queryKey }));
  if (tasks) {
    pending.push(queryClient.invalidateQueries({ queryKey: tasksQuery.queryKey }));
    announceTasksChanged(queryClient);
  }
  pending.push(queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey }));
  await Promise.all(pending);
}

const failure = (title: string, description = 'groups:errors.tryAgain') => ({ failureToast: { title, description } });

/** "Share with classmates": the class becomes a group's first class (POST /api/courses/:id/group). */
export function useShareCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ courseId, displayName }: { courseId: string; displayName: string }) =>
      apiJson<Group>('POST', `/api/courses/${courseId}/group`, { displayName }),
    meta: failure('groups:errors.share'),
    onSuccess: (group) => {
      queryClient.setQueryData(groupQuery(group.id).queryKey, group);
      return refreshAfterGroupWrite(queryClient, { courses: true });
    },
  });
}

/** The group's own writes, each answering the group or nothing; `id` is the group's. */
export function useGroupWrites(id: string) {
  const queryClient = useQueryClient();
  const setGroup = (group: Group) => queryClient.setQueryData(groupQuery(id).queryKey, group);
  const update = useMutation({
    mutationFn: (body: GroupPatchBody) => apiJson<Group>('PATCH', `/api/groups/${id}`, body),
    meta: failure('groups:errors.update'),
    onSuccess: (group) => (setGroup(group), refreshAfterGroupWrite(queryClient, { courses: true })),
  });
  const cancelLesson = useMutation({
    mutationFn: (body: { date: string; slotIndex: number; cancelled: boolean }) =>
      apiJson<Group>('PUT', `/api/groups/${id}/cancelled-lessons`, body),
    meta: failure('groups:errors.cancelLesson'),
    onSuccess: (group) => (setGroup(group), refreshAfterGroupWrite(queryClient, { courses: true })),
  });
  const rotateInvite = useMutation({
    mutationFn: (expiresInDays: number) => apiJson<GroupInvite>('POST', `/api/groups/${id}/invite`, { expiresInDays }),
    meta: failure('groups:errors.invite'),
    onSuccess: (invite) => {
      queryClient.setQueryData<Group>(groupQuery(id).queryKey, (group) => (group ? { ...group, invite } : group));
    },
  });
  const revokeInvite = useMutation({
    mutationFn: () => apiJson<null>('DELETE', `/api/groups/${id}/invite`),
    meta: failure('groups:errors.invite'),
    onSuccess: () => {
      queryClient.setQueryData<Group>(groupQuery(id).queryKey, (group) => (group ? { ...group, invite: null } : group));
    },
  });
  const setRole = useMutation({
    mutationFn: ({ memberId, role }: { memberId: string; role: GroupRole }) =>
      apiJson<GroupMember>('PATCH', `/api/groups/${id}/members/${memberId}`, { role }),
    meta: failure('groups:errors.role'),
    onSuccess: () => refreshAfterGroupWrite(queryClient),
  });
  const removeMember = useMutation({
    mutationFn: (memberId: string) => apiJson<null>('DELETE', `/api/groups/${id}/members/${memberId}`),
    meta: failure('groups:errors.removeMember'),
    onSuccess: () => refreshAfterGroupWrite(queryClient),
  });
  const rename = useMutation({
    mutationFn: (displayName: string) => apiJson<GroupMember>('PATCH', `/api/groups/${id}/membership`, { displayName }),
    meta: failure('groups:errors.rename'),
    onSuccess: () => refreshAfterGroupWrite(queryClient, { tasks: true }),
  });
  /** Leaving and closing keep the user's class and copies as their own (unlinked): both lists change. */
  const leave = useMutation({
    mutationFn: () => apiJson<null>('DELETE', `/api/groups/${id}/membership`),
    meta: failure('groups:errors.leave'),
    onSuccess: () => forget(queryClient, id),
  });
  const close = useMutation({
    mutationFn: () => apiJson<null>('DELETE', `/api/groups/${id}`),
    meta: failure('groups:errors.close'),
    onSuccess: () => forget(queryClient, id),
  });
  const removeItem = useMutation({
    mutationFn: (itemId: string) => apiJson<null>('DELETE', `/api/groups/${id}/items/${itemId}`),
    meta: failure('groups:errors.removeItem'),
    onSuccess: () => refreshAfterGroupWrite(queryClient, { tasks: true }),
  });
  const report = useMutation({
    mutationFn: ({ itemId, reason, note }: { itemId: string; reason: ReportReason; note: string }) =>
      apiJson<{ id: string }>('POST', `/api/groups/${id}/items/${itemId}/reports`, {
        reason,
        ...(note.trim() ? { note: note.trim() } : {}),
      }),
    meta: failure('groups:errors.report'),
  });
  const resolveReport = useMutation({
    mutationFn: ({ reportId, action }: { reportId: string; action: ReportAction }) =>
      apiJson<null>('POST', `/api/groups/${id}/reports/${reportId}/resolve`, { action }),
    meta: failure('groups:errors.resolve'),
    onSuccess: (_answer, { action }) => refreshAfterGroupWrite(queryClient, { tasks: action === 'remove_item' }),
  });
  return {
    update,
    cancelLesson,
    rotateInvite,
    revokeInvite,
    setRole,
    removeMember,
    rename,
    leave,
    close,
    removeItem,
    report,
    resolveReport,
  };
}

/** The group is gone for this user: its reads leave the cache (a refetch would answer 404), the rest reads again. */
async function forget(queryClient: QueryClient, id: string): Promise<void> {
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] === 'groups' && String(query.queryKey[1]).startsWith(`/api/groups/${id}`),
  });
  await refreshAfterGroupWrite(queryClient, { tasks: true, courses: true });
}

/** Joins by an invite code: 201 (or 200 when already a member) with the group and the user's new class. */
export function useJoinGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, displayName, color }: { code: string; displayName: string; color?: string }) =>
      apiJson<GroupJoinResponse>('POST', `/api/group-invites/${encodeURIComponent(normalizeInviteCode(code))}/join`, {
        displayName,
        ...(color ? { color } : {}),
      }),
    meta: failure('groups:errors.join'),
    onSuccess: () => refreshAfterGroupWrite(queryClient, { tasks: true, courses: true }),
  });
}

import { infiniteQueryOptions, useInfiniteQuery, useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { NEXT_CURSOR_HEADER } from '../../common/schemas/admin.constants';
import type {
  AdminAuditEntry,
  AdminFeedback,
  AdminStats,
  AdminUser,
  AdminUserDetail,
  AdminUserSort,
  AuditAction,
  AdminFeedbackPatch,
  AdminUserPatch,
} from '../../common/schemas/admin.schema';
import type { AdminGroupReport, ReportAction } from '../../common/schemas/groups.schema';
import type { PaymentModeView } from '../../common/schemas/premium.schema';
import type { FeedbackCategory, FeedbackPriority, FeedbackStatus } from '../../common/schemas/feedback.schema';
import { apiRequest, apiJson } from '../lib/api-client';
import { resourceQuery } from './resource';

export type { AdminGroupReport };
export type { AdminAuditEntry, AdminFeedback, AdminStats, AdminUser, AdminUserDetail, AdminUserSort, AuditAction };

/** The admin console's reads (docs/api.md "Support, admin and the rest", docs/api.md "Admin"). Admin only. */
export const ADMIN_USERS_PATH = '/api/admin/users';
export const ADMIN_FEEDBACK_PATH = '/api/admin/feedback';
export const ADMIN_AUDIT_PATH = '/api/admin/audit';

type Page<T> = { items: T[]; nextCursor: string | null };

/** One keyset page: the array, and the next cursor from `X-Next-Cursor`. */
async function fetchPage<T>(path: string, params: Record<string, string | undefined>, cursor: string | null): Promise<Page<T>> {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  if (cursor) search.set('cursor', cursor);
  const query = search.toString();
  const response = await apiRequest('GET', query ? `${path}?${query}` : path);
  return { items: (await response.json()) as T[], nextCursor: response.headers.get(NEXT_CURSOR_HEADER) };
}

function pagedQuery<T>(path: string, params: Record<string, string | undefined>) {
  return infiniteQueryOptions({
    queryKey: [path, params] as const,
    queryFn: ({ pageParam }) => fetchPage<T>(path, params, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export type AdminUsersFilter = { query?: string | undefined; sort: AdminUserSort };
export const adminUsersQuery = (filter: AdminUsersFilter) =>
  pagedQuery<AdminUser>(ADMIN_USERS_PATH, { query: filter.query, sort: filter.sort });
export const useAdminUsers = (filter: AdminUsersFilter) => useInfiniteQuery(adminUsersQuery(filter));

/** GET /api/admin/users/:id: the account with counts of its data. */
export const adminUserDetailQuery = (id: string) => resourceQuery<AdminUserDetail>(`${ADMIN_USERS_PATH}/${id}`);
export const useAdminUserDetail = (id: string) => useQuery(adminUserDetailQuery(id));

export type AdminFeedbackFilter = {
  status?: FeedbackStatus | undefined;
  category?: FeedbackCategory | undefined;
  priority?: FeedbackPriority | undefined;
};
export const adminFeedbackQuery = (filter: AdminFeedbackFilter) =>
  pagedQuery<AdminFeedback>(ADMIN_FEEDBACK_PATH, { status: filter.status, category: filter.category, priority: filter.priority });
export const useAdminFeedback = (filter: AdminFeedbackFilter) => useInfiniteQuery(adminFeedbackQuery(filter));

/** GET /api/admin/feedback/summary: the unanswered count of the admin link's badge. */
export const adminFeedbackSummaryQuery = resourceQuery<{ unanswered: number }>(`${ADMIN_FEEDBACK_PATH}/summary`);
export const useAdminFeedbackSummary = (enabled: boolean) => useQuery({ ...adminFeedbackSummaryQuery, enabled });

/** GET /api/admin/payments: Stripe, test mode (free Premium) or none (docs/decisions/183). */
export const adminPaymentsQuery = resourceQuery<PaymentModeView>('/api/admin/payments');
export const useAdminPayments = () => useQuery(adminPaymentsQuery);

export const adminStatsQuery = resourceQuery<AdminStats>('/api/admin/stats');
export const useAdminStats = () => useQuery(adminStatsQuery);

export type AdminAuditFilter = { action?: AuditAction | undefined; targetUserId?: string | undefined };
export const adminAuditQuery = (filter: AdminAuditFilter) =>
  pagedQuery<AdminAuditEntry>(ADMIN_AUDIT_PATH, { action: filter.action, targetUserId: filter.targetUserId });
export const useAdminAudit = (filter: AdminAuditFilter) => useInfiniteQuery(adminAuditQuery(filter));

/** GET /api/admin/group-reports: the open reports of class-group items (issue 39), oldest first as the server sends them. */
export const ADMIN_GROUP_REPORTS_PATH = '/api/admin/group-reports';
export const adminGroupReportsQuery = resourceQuery<AdminGroupReport[]>(ADMIN_GROUP_REPORTS_PATH);
export const useAdminGroupReports = () => useQuery(adminGroupReportsQuery);

/** POST /api/admin/group-reports/:id/resolve `{ action }`: dismiss the report, or remove the item for everyone. */
export function useResolveAdminGroupReport() {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: ReportAction }) =>
      apiJson<null>('POST', `${ADMIN_GROUP_REPORTS_PATH}/${id}/resolve`, { action }),
    onSuccess: refresh,
  });
}

/** After any admin write: the lists, the detail, the badge and the audit log read again. */
function useRefreshAdmin() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [ADMIN_USERS_PATH, ADMIN_FEEDBACK_PATH, ADMIN_AUDIT_PATH, ADMIN_GROUP_REPORTS_PATH, '/api/admin/stats'].map((path) =>
        queryClient.invalidateQueries({
          predicate: (query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith(path),
        }),
      ),
    );
}

export type UserAction = { kind: 'patch'; patch: AdminUserPatch } | { kind: 'sign-out' } | { kind: 'lock' } | { kind: 'unlock' };

/** PATCH /api/admin/users/:id, or POST …/sign-out, …/lock, …/unlock. */
export function useAdminUserAction(userId: string) {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: (action: UserAction) =>
      action.kind === 'patch'
        ? apiJson<AdminUser>('PATCH', `${ADMIN_USERS_PATH}/${userId}`, action.patch)
        : apiJson<AdminUser | null>('POST', `${ADMIN_USERS_PATH}/${userId}/${action.kind}`),
    onSuccess: refresh,
  });
}

/** PATCH /api/admin/feedback/:id `{ status?, reply? }`. */
export function useAdminFeedbackUpdate(id: string) {
  const refresh = useRefreshAdmin();
  return useMutation({
    mutationFn: (patch: AdminFeedbackPatch) => apiJson<AdminFeedback>('PATCH', `${ADMIN_FEEDBACK_PATH}/${id}`, patch),
    onSuccess: refresh,
  });
}

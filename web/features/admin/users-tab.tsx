import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_USER_SORTS, type AdminUserSort } from '../../../common/schemas/admin.constants';
import { useAdminUsers, type AdminUser } from '../../api/admin';
import { useUserTimeZone } from '../../api/session';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/native-select';
import { EmptyState } from '../../components/ui/page-state';
import { QueryState } from '../../components/ui/query-state';
import { cn } from '../../lib/class-names';
import { formatDate } from '../../lib/format';
import { LoadMore } from './load-more';
import { UserPanel } from './user-panel';

const PLAN_TONE: Record<AdminUser['plan'], string> = {
  premium: 'bg-primary text-primary-foreground',
  trial: 'bg-accent text-accent-foreground',
  free: 'bg-muted text-foreground',
};

function UserRow({ user, timeZone, now }: { user: AdminUser; timeZone: string; now: number }) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const panelId = `admin-user-${user.id}`;
  const trialEnded = Date.parse(user.trialEndDate) <= now;
  return (
    <li>
      <Card className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="w-full min-w-0 break-all font-semibold sm:w-auto sm:flex-1">{user.username}</h2>
          <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', PLAN_TONE[user.plan])}>{t(`users.plan.${user.plan}`)}</span>
          {user.roles === 'admin' ? (
            <span className="rounded-full border px-2 py-0.5 text-xs font-medium">{t('users.role.admin')}</span>
          ) : null}
          {user.locked ? (
            <span className="rounded-full bg-destructive px-2 py-0.5 text-xs font-medium text-destructive-foreground">
              {t('users.locked')}
            </span>
          ) : null}
        </div>
        <p className="break-all text-sm text-muted-foreground">{user.email ?? t('users.noEmail')}</p>
        <p className="text-xs text-muted-foreground">
          {[
            t(trialEnded ? 'users.trialEnded' : 'users.trialEnds', { date: formatDate(user.trialEndDate, timeZone) }),
            user.lastActiveAt ? t('users.lastActive', { date: formatDate(user.lastActiveAt, timeZone) }) : null,
            t('users.joined', { date: formatDate(user.createdAt, timeZone) }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        <Button size="sm" variant="secondary" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
          {t(open ? 'users.hide' : 'users.manage', { username: user.username })}
        </Button>
        {open ? (
          <div id={panelId}>
            <UserPanel user={user} now={now} />
          </div>
        ) : null}
      </Card>
    </li>
  );
}

/** Users: search by name or e-mail, sort, keyset pages, and each account's panel of actions. */
export function UsersTab() {
  const { t } = useTranslation('admin');
  const timeZone = useUserTimeZone();
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<AdminUserSort>('created');
  // The moment the list was opened: enough to say whether a trial has ended.
  const [now] = useState(() => Date.now());
  const users = useAdminUsers({ query: query || undefined, sort });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery(draft.trim());
  };
  const rows = users.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <form role="search" onSubmit={submit} className="flex flex-1 items-end gap-2">
          <div className="flex-1 space-y-1.5">
            <label htmlFor="admin-user-search" className="block text-sm font-medium">
              {t('users.searchLabel')}
            </label>
            <Input id="admin-user-search" type="search" maxLength={100} value={draft} onChange={(event) => setDraft(event.target.value)} />
          </div>
          <Button type="submit">{t('users.search')}</Button>
        </form>
        <div className="space-y-1.5 sm:w-48">
          <label htmlFor="admin-user-sort" className="block text-sm font-medium">
            {t('users.sortLabel')}
          </label>
          <NativeSelect id="admin-user-sort" value={sort} onChange={(event) => setSort(event.target.value as AdminUserSort)}>
            {ADMIN_USER_SORTS.map((option) => (
              <option key={option} value={option}>
                {t(`users.sort.${option}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      {!users.isSuccess ? (
        <QueryState queries={[users]} />
      ) : rows.length === 0 ? (
        <EmptyState title={t('users.empty')} />
      ) : (
        <>
          <ul className="space-y-3" aria-label={t('tabs.users')}>
            {rows.map((user) => (
              <UserRow key={user.id} user={user} timeZone={timeZone} now={now} />
            ))}
          </ul>
          <LoadMore query={users} />
        </>
      )}
    </div>
  );
}

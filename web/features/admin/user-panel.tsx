import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAdminUserDetail, type AdminUser, useAdminUserAction } from '../../api/admin';
import { useSession } from '../../api/session';
import { Input } from '../../components/ui/input';
import { QueryState } from '../../components/ui/query-state';
import { formatCalendarDate, formatNumber } from '../../lib/format';
import { suggestedTrialEnd, trialEndInstant } from './admin-view';
import { ConfirmAction } from './confirm-action';

const COUNT_KEYS = [
  'courses',
  'tasks',
  'assessments',
  'grades',
  'studySessions',
  'studyMinutes',
  'goals',
  'feedback',
  'activeSessions',
] as const;

/** One account: counts of its data (never its content) and support's actions, each confirmed first. */
export function UserPanel({ user, now }: { user: AdminUser; now: number }) {
  const { t } = useTranslation('admin');
  const detail = useAdminUserDetail(user.id);
  const session = useSession();
  const action = useAdminUserAction(user.id);
  const [trialEnd, setTrialEnd] = useState(() => suggestedTrialEnd(user.trialEndDate, new Date(now)));
  const name = { username: user.username };
  const isSelf = session.data?.id === user.id;
  const confirmText = (key: string, values: Record<string, string> = {}) => ({
    title: t(`users.confirm.${key}.title` as 'users.confirm.lock.title', { ...name, ...values }),
    description: t(`users.confirm.${key}.description` as 'users.confirm.lock.description', { ...name, ...values }),
  });
  return (
    <div className="mt-2 space-y-4 border-t pt-3">
      {!detail.isSuccess ? (
        <QueryState queries={[detail]} />
      ) : (
        <section aria-labelledby={`counts-${user.id}`}>
          <h3 id={`counts-${user.id}`} className="text-sm font-semibold">
            {t('users.counts.title')}
          </h3>
          <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
            {COUNT_KEYS.map((key) => (
              <div key={key} className="flex justify-between gap-2">
                <dt className="text-muted-foreground">{t(`users.counts.${key}`)}</dt>
                <dd className="tabular-nums">{formatNumber(detail.data.counts[key])}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      <Link
        to={`/admin?${new URLSearchParams({ tab: 'audit', user: user.id, name: user.username }).toString()}`}
        className="inline-block text-sm text-primary underline-offset-4 hover:underline"
      >
        {t('users.auditLink', name)}
      </Link>
      <section aria-labelledby={`actions-${user.id}`} className="space-y-3">
        <h3 id={`actions-${user.id}`} className="text-sm font-semibold">
          {t('users.actions.title')}
        </h3>
        <div className="flex flex-wrap gap-2">
          {user.isPremium && user.subscriptionTier === null ? (
            <ConfirmAction
              label={t('users.actions.revokePremium')}
              {...confirmText('revokePremium')}
              destructive
              run={() => action.mutateAsync({ kind: 'patch', patch: { isPremium: false } })}
            />
          ) : (
            <ConfirmAction
              label={t('users.actions.grantPremium')}
              {...confirmText('grantPremium')}
              disabled={user.isPremium}
              run={() => action.mutateAsync({ kind: 'patch', patch: { isPremium: true } })}
            />
          )}
          <ConfirmAction
            label={t('users.actions.endTrial')}
            {...confirmText('endTrial')}
            destructive
            disabled={Date.parse(user.trialEndDate) <= now}
            run={() => action.mutateAsync({ kind: 'patch', patch: { trialEndDate: new Date().toISOString() } })}
          />
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <div className="space-y-1.5">
            <label htmlFor={`trial-end-${user.id}`} className="block text-sm font-medium">
              {t('users.actions.trialEndLabel')}
            </label>
            <Input
              id={`trial-end-${user.id}`}
              type="date"
              min="2000-01-01"
              max="2200-12-31"
              required
              className="w-44"
              value={trialEnd}
              onChange={(event) => setTrialEnd(event.target.value)}
            />
          </div>
          <ConfirmAction
            label={t('users.actions.setTrialEnd')}
            {...confirmText('setTrialEnd', { date: /^\d{4}-\d{2}-\d{2}$/.test(trialEnd) ? formatCalendarDate(trialEnd) : '' })}
            disabled={!/^\d{4}-\d{2}-\d{2}$/.test(trialEnd)}
            run={() => action.mutateAsync({ kind: 'patch', patch: { trialEndDate: trialEndInstant(trialEnd) } })}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          {user.roles === 'admin' ? (
            <ConfirmAction
              label={t('users.actions.removeAdmin')}
              {...confirmText('removeAdmin')}
              destructive
              run={() => action.mutateAsync({ kind: 'patch', patch: { roles: 'user' } })}
            />
          ) : (
            <ConfirmAction
              label={t('users.actions.makeAdmin')}
              {...confirmText('makeAdmin')}
              run={() => action.mutateAsync({ kind: 'patch', patch: { roles: 'admin' } })}
            />
          )}
          <ConfirmAction
            label={t('users.actions.signOut')}
            {...confirmText('signOut')}
            destructive
            run={() => action.mutateAsync({ kind: 'sign-out' })}
          />
          {user.locked ? (
            <ConfirmAction
              label={t('users.actions.unlock')}
              {...confirmText('unlock')}
              run={() => action.mutateAsync({ kind: 'unlock' })}
            />
          ) : (
            <ConfirmAction
              label={t('users.actions.lock')}
              {...confirmText('lock')}
              destructive
              disabled={isSelf}
              run={() => action.mutateAsync({ kind: 'lock' })}
            />
          )}
        </div>
      </section>
    </div>
  );
}

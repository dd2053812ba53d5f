import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localDateOf } from '../../../common/domain/local-time';
import type { AcademicGoal } from '../../../common/schemas/academic-goals.schema';
import { useGoals, useDeleteGoal, useSaveGoal } from '../../api/progress';
import { useUserTimeZone } from '../../api/session';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { NativeSelect } from '../../components/ui/native-select';
import { EmptyState } from '../../components/ui/page-state';
import { ProgressBar } from '../../components/ui/progress-bar';
import { QueryState } from '../../components/ui/query-state';
import { formatCalendarDate, formatNumber } from '../../lib/format';
import { toast } from '../../lib/toast';
import { GoalDialog } from './goal-dialog';
import { GOAL_FILTERS, GOAL_SORTS, selectGoals, type GoalFilter, type GoalSort } from './goal-list';
import { useOpenerFocus } from './use-opener-focus';

const PRIORITY_CLASS = {
  high: 'text-red-700 dark:text-red-300',
  medium: 'text-amber-700 dark:text-amber-300',
  low: 'text-muted-foreground',
};

/** Goals: add, edit, delete (confirmed), complete; sorted and filtered; overdue ones marked. */
export function GoalsTab() {
  const { t } = useTranslation('progress');
  const goals = useGoals();
  const timeZone = useUserTimeZone();
  const [filter, setFilter] = useState<GoalFilter>('all');
  const [sort, setSort] = useState<GoalSort>('targetDate');
  const [editing, setEditing] = useState<AcademicGoal | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<AcademicGoal | null>(null);
  const remove = useDeleteGoal();
  const save = useSaveGoal();
  const focus = useOpenerFocus();

  if (!goals.isSuccess) return <QueryState queries={[goals]} />;
  const today = localDateOf(new Date(), timeZone);
  const rows = selectGoals(goals.data, { filter, sort, today });

  const openForm = (goal: AcademicGoal | null) => {
    focus.remember();
    setEditing(goal);
    setFormOpen(true);
  };
  const complete = (goal: AcademicGoal) =>
    save.mutate(
      { id: goal.id, status: 'completed', progress: 100 },
      {
        onSuccess: () => toast({ title: t('goals.toast.completed'), variant: 'success' }),
      },
    );

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-wrap gap-3">
          <label className="space-y-1 text-sm">
            <span className="block font-medium">{t('goals.filterLabel')}</span>
            <NativeSelect value={filter} onChange={(event) => setFilter(event.target.value as GoalFilter)} className="w-40">
              {GOAL_FILTERS.map((value) => (
                <option key={value} value={value}>
                  {t(`goals.filters.${value}`)}
                </option>
              ))}
            </NativeSelect>
          </label>
          <label className="space-y-1 text-sm">
            <span className="block font-medium">{t('goals.sortLabel')}</span>
            <NativeSelect value={sort} onChange={(event) => setSort(event.target.value as GoalSort)} className="w-40">
              {GOAL_SORTS.map((value) => (
                <option key={value} value={value}>
                  {t(`goals.sorts.${value}`)}
                </option>
              ))}
            </NativeSelect>
          </label>
        </div>
        <Button onClick={() => openForm(null)}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          {t('goals.add')}
        </Button>
      </div>

      {goals.data.length === 0 ? (
        <EmptyState title={t('goals.empty')} description={t('goals.emptyHint')} />
      ) : rows.length === 0 ? (
        <EmptyState title={t('goals.noMatch')} description={t('goals.noMatchHint')} />
      ) : (
        <ul className="space-y-3" aria-label={t('goals.listLabel')}>
          {rows.map(({ goal, overdue }) => (
            <li key={goal.id}>
              <Card className={overdue ? 'border-destructive/60' : undefined} data-testid="goal-card">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0 space-y-1">
                    <h3 className="break-words font-semibold">{goal.title}</h3>
                    <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm">
                      <span className={PRIORITY_CLASS[goal.priority]}>{t(`goals.priority.${goal.priority}`)}</span>
                      <span>{t(`goals.status.${goal.status}`)}</span>
                      {goal.targetDate ? (
                        <span>{t('goals.due', { date: formatCalendarDate(goal.targetDate, { dateStyle: 'medium' }) })}</span>
                      ) : null}
                      {overdue ? <span className="font-semibold text-destructive">{t('goals.overdue')}</span> : null}
                    </p>
                  </div>
                  <div className="flex gap-1">
                    {goal.status !== 'completed' ? (
                      <Button size="sm" variant="outline" onClick={() => complete(goal)} disabled={save.isPending}>
                        {t('goals.complete')}
                      </Button>
                    ) : null}
                    <Button size="sm" variant="ghost" onClick={() => openForm(goal)} aria-label={t('goals.edit', { title: goal.title })}>
                      <Pencil aria-hidden="true" className="h-4 w-4" />
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => {
                        focus.remember();
                        setDeleting(goal);
                      }}
                      aria-label={t('goals.delete', { title: goal.title })}
                    >
                      <Trash2 aria-hidden="true" className="h-4 w-4" />
                    </Button>
                  </div>
                </div>
                {goal.target ? <p className="mt-2 text-sm">{t('goals.targetIs', { target: goal.target })}</p> : null}
                {goal.description ? <p className="mt-1 whitespace-pre-line text-sm text-muted-foreground">{goal.description}</p> : null}
                <div className="mt-3 flex items-center gap-3">
                  <ProgressBar value={goal.progress} max={100} label={t('goals.progressOf', { title: goal.title })} />
                  <span className="w-12 text-right text-sm tabular-nums">{formatNumber(goal.progress / 100, { style: 'percent' })}</span>
                </div>
                {goal.notes ? <p className="mt-2 whitespace-pre-line text-xs text-muted-foreground">{goal.notes}</p> : null}
              </Card>
            </li>
          ))}
        </ul>
      )}

      <GoalDialog
        open={formOpen}
        onOpenChange={(open) => {
          setFormOpen(open);
          if (!open) focus.restore();
        }}
        goal={editing}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) {
            setDeleting(null);
            focus.restore();
          }
        }}
        title={t('goals.deleteTitle')}
        description={t('goals.deleteText', { title: deleting?.title ?? '' })}
        confirmLabel={t('goals.deleteConfirm')}
        cancelLabel={t('common:cancel')}
        pending={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast({ title: t('goals.toast.deleted'), variant: 'success' });
              setDeleting(null);
              focus.restore();
            },
          });
        }}
      />
    </div>
  );
}

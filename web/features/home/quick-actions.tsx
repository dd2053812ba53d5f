import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { trialDaysLeft } from '../../../common/domain/premium-access';
import type { Task } from '../../../common/schemas/tasks.schema';

/** The reminder dialog loads on the first click: it is not part of the dashboard's first JS (decision 097's budget). */
const SetReminderDialog = lazy(async () => ({ default: (await import('./set-reminder-dialog')).SetReminderDialog }));

const ACTION_CLASSES =
  'flex h-full min-h-12 w-full flex-col justify-center rounded-lg border bg-card px-3 py-2 text-left text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring';

/**
 * docs/product.md §2 quick actions: add class, add assignment, set reminder, files (premium), grade calculator.
 * "Set reminder" opens its dialog here (pick or create a task, and when; issue 34 item 12); the others
 * go to their page.
 */
export function QuickActions({
  premium,
  timeZone,
  tasks,
}: {
  premium: { hasPremium: boolean; onTrial: boolean; trialEndDate: string } | undefined;
  timeZone: string;
  tasks: readonly Task[];
}) {
  const { t } = useTranslation('home');
  const [reminderOpen, setReminderOpen] = useState(false);
  // Mounted from the first opening on, so the dialog closes (and gives focus back) like any other.
  const [reminderMounted, setReminderMounted] = useState(false);
  const now = new Date();
  const daysLeft = premium ? trialDaysLeft(premium.trialEndDate, now, timeZone) : 0;
  let filesNote: string | null = null;
  if (premium?.onTrial) filesNote = t('actions.trial', { count: daysLeft });
  else if (premium && !premium.hasPremium) filesNote = t('actions.premiumOnly');
  const actions = [
    { to: '/schedule?tab=classes&new=class', label: t('actions.addClass'), note: null },
    { to: '/tasks?new=1', label: t('actions.addAssignment'), note: null },
    { to: null, label: t('actions.setReminder'), note: t('actions.setReminderNote') },
    { to: '/files', label: t('actions.files'), note: filesNote },
    { to: '/progress?tab=gpa', label: t('actions.gradeCalculator'), note: null },
  ];
  return (
    <nav aria-label={t('actions.title')}>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        {actions.map((action) => {
          const content = (
            <>
              {action.label}
              {action.note ? <span className="text-xs font-normal text-muted-foreground">{action.note}</span> : null}
            </>
          );
          return (
            <li key={action.to ?? 'reminder'} className="min-w-0">
              {action.to ? (
                <Link to={action.to} className={ACTION_CLASSES}>
                  {content}
                </Link>
              ) : (
                <button
                  type="button"
                  className={ACTION_CLASSES}
                  aria-haspopup="dialog"
                  onClick={() => {
                    setReminderMounted(true);
                    setReminderOpen(true);
                  }}
                >
                  {content}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {reminderMounted ? (
        <Suspense fallback={null}>
          <SetReminderDialog open={reminderOpen} onOpenChange={setReminderOpen} tasks={tasks} timeZone={timeZone} />
        </Suspense>
      ) : null}
    </nav>
  );
}

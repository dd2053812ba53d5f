import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { trialDaysLeft } from '../../../common/domain/premium-access';

/** SPEC.md §2 quick actions: add class, add assignment, set reminder, files (premium), grade calculator. */
export function QuickActions({
  premium,
  timeZone,
}: {
  premium: { hasPremium: boolean; onTrial: boolean; trialEndDate: string } | undefined;
  timeZone: string;
}) {
  const { t } = useTranslation('home');
  const now = new Date();
  const daysLeft = premium ? trialDaysLeft(premium.trialEndDate, now, timeZone) : 0;
  let filesNote: string | null = null;
  if (premium?.onTrial) filesNote = t('actions.trial', { count: daysLeft });
  else if (premium && !premium.hasPremium) filesNote = t('actions.premiumOnly');
  const actions = [
    { to: '/schedule?tab=classes&new=class', label: t('actions.addClass'), note: null },
    { to: '/tasks?new=1', label: t('actions.addAssignment'), note: null },
    { to: '/tasks', label: t('actions.setReminder'), note: t('actions.setReminderNote') },
    { to: '/files', label: t('actions.files'), note: filesNote },
    { to: '/progress?tab=gpa', label: t('actions.gradeCalculator'), note: null },
  ];
  return (
    <nav aria-label={t('actions.title')}>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        {actions.map((action) => (
          <li key={action.to} className="min-w-0">
            <Link
              to={action.to}
              className="flex h-full min-h-12 flex-col justify-center rounded-lg border bg-card px-3 py-2 text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
            >
              {action.label}
              {action.note ? <span className="text-xs font-normal text-muted-foreground">{action.note}</span> : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

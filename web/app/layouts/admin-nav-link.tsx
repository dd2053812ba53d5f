import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAdminFeedbackSummary } from '../../api/admin';
import { badgeText, CountBadge } from '../../components/ui/count-badge';

/** The header's way into /admin, for admins only, with the count of unanswered feedback. */
export function AdminNavLink() {
  const { t } = useTranslation('admin');
  const summary = useAdminFeedbackSummary(true);
  const unanswered = summary.data?.unanswered ?? 0;
  return (
    <Link
      to="/admin"
      // The count as the badge shows it ("99+" above 99): the name contains the visible text (WCAG 2.5.3).
      aria-label={unanswered > 0 ? t('nav.unanswered', { count: unanswered, shown: badgeText(unanswered) }) : t('nav.link')}
      data-testid="admin-nav-link"
      className="relative inline-flex h-11 min-w-11 items-center justify-center rounded-md hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
    >
      <ShieldCheck aria-hidden="true" className="h-5 w-5" />
      <CountBadge count={unanswered} size="sm" testId="admin-unanswered-badge" />
    </Link>
  );
}

import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAdminFeedbackSummary } from '../../api/admin';
import { formatNumber } from '../../lib/format';

/** The header's way into /admin, for admins only, with the count of unanswered feedback. */
export function AdminNavLink() {
  const { t } = useTranslation('admin');
  const summary = useAdminFeedbackSummary(true);
  const unanswered = summary.data?.unanswered ?? 0;
  return (
    <Link
      to="/admin"
      aria-label={unanswered > 0 ? t('nav.unanswered', { count: unanswered }) : t('nav.link')}
      data-testid="admin-nav-link"
      className="relative inline-flex h-11 min-w-11 items-center justify-center rounded-md hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
    >
      <ShieldCheck aria-hidden="true" className="h-5 w-5" />
      {unanswered > 0 ? (
        <span
          aria-hidden="true"
          data-testid="admin-unanswered-badge"
          className="absolute right-0.5 top-0.5 min-w-4 rounded-full bg-destructive px-1 text-center text-[10px] font-semibold leading-4 text-destructive-foreground"
        >
          {formatNumber(Math.min(unanswered, 99))}
        </span>
      ) : null}
    </Link>
  );
}

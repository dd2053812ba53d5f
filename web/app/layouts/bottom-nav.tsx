import { BarChart3, BookOpen, CalendarDays, GraduationCap, Home, ListChecks, Trophy, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { cn } from '../../lib/class-names';
import { preloadHandlers } from '../route-preload';

type NavItem = { id: 'home' | 'schedule' | 'tasks' | 'grades' | 'progress' | 'study' | 'rewards'; path: string; icon: LucideIcon };

/** docs/product.md §2's seven items; Home goes to /dashboard (decided there). */
export const NAV_ITEMS: readonly NavItem[] = [
  { id: 'home', path: '/dashboard', icon: Home },
  { id: 'schedule', path: '/schedule', icon: CalendarDays },
  { id: 'tasks', path: '/tasks', icon: ListChecks },
  { id: 'grades', path: '/grades', icon: GraduationCap },
  { id: 'progress', path: '/progress', icon: BarChart3 },
  { id: 'study', path: '/study', icon: BookOpen },
  { id: 'rewards', path: '/rewards', icon: Trophy },
];

/** The active item is the one whose path equals the location exactly; /home counts as /dashboard. */
export function isActiveNavPath(itemPath: string, pathname: string): boolean {
  const normalised = pathname.replace(/\/+$/, '') || '/';
  return itemPath === (normalised === '/home' ? '/dashboard' : normalised);
}

export function BottomNav() {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  return (
    <nav
      aria-label={t('nav.label')}
      className="fixed inset-x-0 bottom-0 z-30 border-t bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
    >
      <ul className="mx-auto grid max-w-3xl grid-cols-7">
        {NAV_ITEMS.map(({ id, path, icon: Icon }) => {
          const active = isActiveNavPath(path, pathname);
          return (
            <li key={id}>
              <Link
                to={path}
                data-nav-id={id}
                {...preloadHandlers(path)}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex h-16 flex-col items-center justify-center gap-1 px-0.5 text-[10px] font-medium leading-tight min-[400px]:text-[11px] sm:text-xs',
                  'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
                  active ? 'text-primary' : 'text-muted-foreground hover:text-foreground',
                )}
              >
                <Icon aria-hidden="true" className="h-5 w-5" />
                <span className="max-w-full truncate">{t(`nav.${id}`)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

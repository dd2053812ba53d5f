import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../components/ui/page-frame';
import { TabPanels, Tabs, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useTabParam } from '../../lib/use-tab-param';
import { CalendarTab, openingViewLoaded } from './calendar-tab';
import { ClassesTab } from './classes-tab';
import { HolidaysTab } from './holidays-tab';
import { TermsTab } from './terms-tab';
import { YearsTab } from './years-tab';

const TABS = ['calendar', 'terms', 'classes', 'holidays', 'years'] as const;

/** The tab a quick action's `?new=` opens in place of a missing `?tab=` (useTabParam's `preferred`). */
function tabOfNew(openNew: string | null): (typeof TABS)[number] | null {
  return openNew === 'term' ? 'terms' : openNew === 'class' ? 'classes' : null;
}

/** The tab the page opens on for its address's parameters, as useTabParam picks it. */
function openingTab(params: URLSearchParams): (typeof TABS)[number] {
  const requested = params.get('tab') ?? tabOfNew(params.get('new'));
  return TABS.find((id) => id === requested) ?? TABS[0];
}

/**
 * Resolves once the code the page opens with is in (decision 263): the route waits for it before its first
 * render. Read from the window's address when the route's code is first loaded — the page's own on a
 * document opened at it; on a navigation from another page none of its parameters are the page's, and the
 * calendar's first view is then the window's.
 */
export async function openingCodeLoaded(location: { pathname: string; search: string }, width: number): Promise<void> {
  const params = new URLSearchParams(location.pathname === '/schedule' ? location.search : '');
  if (openingTab(params) === 'calendar') await openingViewLoaded(params.get('view'), width);
}

/** /schedule (docs/product.md §2): Calendar, Terms, Classes, Holidays, Academic Years. The tab is kept in `?tab=`. */
export function SchedulePage() {
  const { t } = useTranslation('schedule');
  const [params] = useSearchParams();
  // `?new=term` / `?new=class` (the dashboard's quick actions) open that tab's "add" form once.
  const [openNew] = useState(() => params.get('new'));
  const [tab, selectTab] = useTabParam(TABS, tabOfNew(openNew));
  useEffect(() => {
    if (openNew) selectTab(tab);
    // Only on arrival: the parameter is consumed once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <PageFrame page="/schedule">
      <Tabs value={tab} onValueChange={selectTab}>
        <div className="mb-4 overflow-x-auto">
          <TabsList className="min-w-max">
            {TABS.map((id) => (
              <TabsTrigger key={id} value={id}>
                {t(`tabs.${id}`)}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        <TabPanels
          panels={{
            calendar: <CalendarTab />,
            terms: <TermsTab openNew={openNew === 'term'} />,
            classes: <ClassesTab openNew={openNew === 'class'} />,
            holidays: <HolidaysTab />,
            years: <YearsTab />,
          }}
        />
      </Tabs>
    </PageFrame>
  );
}

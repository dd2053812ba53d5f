import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../components/ui/page-frame';
import { TabPanels, Tabs, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useTabParam } from '../../lib/use-tab-param';
import { CalendarTab } from './calendar-tab';
import { ClassesTab } from './classes-tab';
import { HolidaysTab } from './holidays-tab';
import { TermsTab } from './terms-tab';
import { YearsTab } from './years-tab';

const TABS = ['calendar', 'terms', 'classes', 'holidays', 'years'] as const;

/** /schedule (docs/product.md §2): Calendar, Terms, Classes, Holidays, Academic Years. The tab is kept in `?tab=`. */
export function SchedulePage() {
  const { t } = useTranslation('schedule');
  const [params] = useSearchParams();
  // `?new=term` / `?new=class` (the dashboard's quick actions) open that tab's "add" form once.
  const [openNew] = useState(() => params.get('new'));
  const [tab, selectTab] = useTabParam(TABS, openNew === 'term' ? 'terms' : openNew === 'class' ? 'classes' : null);
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

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { CalendarTab } from './calendar-tab';
import { ClassesTab } from './classes-tab';
import { HolidaysTab, TermsTab, YearsTab } from './simple-tabs';

const TABS = ['calendar', 'terms', 'classes', 'holidays', 'years'] as const;
type TabId = (typeof TABS)[number];

/** /schedule (SPEC.md §2): Calendar, Terms, Classes, Holidays, Academic Years. The tab is kept in `?tab=`. */
export function SchedulePage() {
  const { t } = useTranslation('schedule');
  const [params, setParams] = useSearchParams();
  // `?new=term` / `?new=class` (the dashboard's quick actions) open that tab's "add" form once.
  const [openNew] = useState(() => params.get('new'));
  const requested = params.get('tab') ?? (openNew === 'term' ? 'terms' : openNew === 'class' ? 'classes' : null);
  const tab: TabId = (TABS as readonly string[]).includes(requested ?? '') ? (requested as TabId) : 'calendar';
  useEffect(() => {
    if (openNew) setParams(tab === 'calendar' ? {} : { tab }, { replace: true });
    // Only on arrival: the parameter is consumed once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <section aria-labelledby="schedule-title" className="mx-auto max-w-5xl">
      <h1 id="schedule-title" className="mb-4 text-2xl font-bold">
        {t('title')}
      </h1>
      <Tabs value={tab} onValueChange={(value) => setParams(value === 'calendar' ? {} : { tab: value }, { replace: true })}>
        <div className="mb-4 overflow-x-auto">
          <TabsList className="min-w-max">
            {TABS.map((id) => (
              <TabsTrigger key={id} value={id}>
                {t(`tabs.${id}`)}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        <TabsContent value="calendar">
          <CalendarTab />
        </TabsContent>
        <TabsContent value="terms">
          <TermsTab openNew={openNew === 'term'} />
        </TabsContent>
        <TabsContent value="classes">
          <ClassesTab openNew={openNew === 'class'} />
        </TabsContent>
        <TabsContent value="holidays">
          <HolidaysTab />
        </TabsContent>
        <TabsContent value="years">
          <YearsTab />
        </TabsContent>
      </Tabs>
    </section>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { calendarFirstDay, formatCalendarDate } from '../../lib/format';
import { Panel } from './dashboard-panel';
import type { DatedTask } from './home-selectors';
import { MonthCalendar } from './month-calendar';

/** How many of the selected day's tasks are listed under the calendar. */
const SHOWN = 6;

/** A month calendar marking the days with open tasks; choosing a day lists what is due on it. */
export function CalendarPanel({ today, busy }: { today: string; busy: ReadonlyMap<string, readonly DatedTask[]> }) {
  const { t } = useTranslation('home');
  const [selectedDate, setSelectedDate] = useState(today);
  const selectedTasks = busy.get(selectedDate) ?? [];
  return (
    <Panel id="home-calendar" title={t('calendar.title')}>
      {/* The month's first column follows the language (the week panel always starts on Sunday). */}
      <MonthCalendar today={today} firstDay={calendarFirstDay()} busy={busy} selected={selectedDate} onSelect={setSelectedDate} />
      <div aria-live="polite">
        <p className="text-sm font-medium">{formatCalendarDate(selectedDate, { dateStyle: 'medium' })}</p>
        {selectedTasks.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('calendar.nothingDue')}</p>
        ) : (
          <ul className="text-sm">
            {selectedTasks.slice(0, SHOWN).map((task) => (
              <li key={task.id} className="break-words">
                {task.title}
              </li>
            ))}
          </ul>
        )}
      </div>
    </Panel>
  );
}

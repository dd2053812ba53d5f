import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays, firstOfMonth } from '../../../common/domain/local-time';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/class-names';
import { formatCalendarDate } from '../../lib/format';
import { monthGrid } from './home-selectors';

/**
 * A small month calendar (plain CSS grid) with a dot on each day that has open tasks due. A roving
 * tab stop: one day is tabbable, the arrow keys move by day and week, Home/End to the week's ends,
 * PageUp/PageDown by month; Enter or a click selects the day.
 */
export function MonthCalendar({
  today,
  firstDay,
  busy,
  selected,
  onSelect,
}: {
  today: string;
  firstDay: number;
  busy: ReadonlyMap<string, readonly unknown[]>;
  selected: string;
  onSelect: (date: string) => void;
}) {
  const { t } = useTranslation('home');
  const [focusDate, setFocusDate] = useState(selected);
  const month = focusDate.slice(0, 7);
  const cells = useMemo(() => monthGrid(`${month}-01`, firstDay), [month, firstDay]);
  const gridRef = useRef<HTMLDivElement>(null);
  const weekdayLabels = cells.slice(0, 7).map((cell) => ({
    short: formatCalendarDate(cell.date, { weekday: 'narrow' }),
    long: formatCalendarDate(cell.date, { weekday: 'long' }),
  }));

  const moveTo = (date: string) => {
    setFocusDate(date);
    requestAnimationFrame(() => gridRef.current?.querySelector<HTMLButtonElement>(`[data-date="${date}"]`)?.focus());
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, date: string) => {
    const column = cells.findIndex((cell) => cell.date === date) % 7;
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(date, -1),
      ArrowRight: () => addDays(date, 1),
      ArrowUp: () => addDays(date, -7),
      ArrowDown: () => addDays(date, 7),
      Home: () => addDays(date, -column),
      End: () => addDays(date, 6 - column),
      PageUp: () => firstOfMonth(date, -1),
      PageDown: () => firstOfMonth(date, 1),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    moveTo(move());
  };

  return (
    <div>
      <div className="mb-2 flex items-center justify-between gap-2">
        <Button variant="ghost" size="sm" onClick={() => setFocusDate(firstOfMonth(focusDate, -1))} aria-label={t('calendar.previous')}>
          <span aria-hidden="true">{'‹'}</span>
        </Button>
        <p className="font-medium" aria-live="polite">
          {formatCalendarDate(`${month}-01`, { month: 'long', year: 'numeric' })}
        </p>
        <Button variant="ghost" size="sm" onClick={() => setFocusDate(firstOfMonth(focusDate, 1))} aria-label={t('calendar.next')}>
          <span aria-hidden="true">{'›'}</span>
        </Button>
      </div>
      <div ref={gridRef} role="group" aria-label={t('calendar.title')} className="grid grid-cols-7 gap-1 text-center text-sm">
        {weekdayLabels.map((label) => (
          <abbr key={label.long} title={label.long} className="py-1 text-xs text-muted-foreground no-underline" aria-hidden="true">
            {label.short}
          </abbr>
        ))}
        {cells.map((cell) => {
          const count = busy.get(cell.date)?.length ?? 0;
          const isToday = cell.date === today;
          const isSelected = cell.date === selected;
          const label = [
            formatCalendarDate(cell.date, { dateStyle: 'full' }),
            isToday ? t('calendar.today') : null,
            count > 0 ? t('calendar.due', { count }) : null,
          ]
            .filter(Boolean)
            .join(', ');
          return (
            <button
              key={cell.date}
              type="button"
              data-date={cell.date}
              tabIndex={cell.date === focusDate ? 0 : -1}
              aria-label={label}
              aria-pressed={isSelected}
              onKeyDown={(event) => onKeyDown(event, cell.date)}
              onClick={() => {
                setFocusDate(cell.date);
                onSelect(cell.date);
              }}
              className={cn(
                'relative flex h-9 flex-col items-center justify-center rounded-md focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
                cell.inMonth ? '' : 'text-muted-foreground',
                isToday ? 'font-bold text-primary' : '',
                isSelected ? 'bg-primary text-primary-foreground' : 'hover:bg-muted',
              )}
            >
              <span>{Number(cell.date.slice(8, 10))}</span>
              {count > 0 ? (
                <span
                  aria-hidden="true"
                  data-testid="busy-dot"
                  className={cn('absolute bottom-1 h-1.5 w-1.5 rounded-full', isSelected ? 'bg-primary-foreground' : 'bg-amber-500')}
                />
              ) : null}
            </button>
          );
        })}
      </div>
    </div>
  );
}

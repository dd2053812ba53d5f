import { useTranslation } from 'react-i18next';
import { addDays, startOfWeek } from '../../../common/domain/local-time';
import { formatCalendarDate, formatNumber } from '../../lib/format';

/** Intensity level (0–4) of a day's minutes. */
function level(minutes: number): number {
  if (minutes <= 0) return 0;
  if (minutes < 30) return 1;
  if (minutes < 60) return 2;
  if (minutes < 120) return 3;
  return 4;
}
const LEVEL_CLASSES = ['bg-muted', 'bg-primary/30', 'bg-primary/55', 'bg-primary/80', 'bg-primary'];

/**
 * A calendar heat map of study days (plain CSS grid): one column per week, Sunday on top, the last
 * `weeks` weeks ending with `today` (the user's local date).
 */
export function HeatMap({ byDay, today, weeks = 18 }: { byDay: { date: string; minutes: number }[]; today: string; weeks?: number }) {
  const { t } = useTranslation('study');
  const minutes = new Map(byDay.map((day) => [day.date, day.minutes]));
  const first = addDays(startOfWeek(today), -(weeks - 1) * 7);
  const cells: { date: string; minutes: number }[] = [];
  for (let date = first; date <= today; date = addDays(date, 1)) cells.push({ date, minutes: minutes.get(date) ?? 0 });
  const studied = cells.filter((cell) => cell.minutes > 0).length;
  // Weekday names of the first column (a Sunday-first week), shown for Monday, Wednesday and Friday.
  const weekdayNames = [0, 1, 2, 3, 4, 5, 6].map((offset) =>
    offset % 2 === 1 ? formatCalendarDate(addDays(first, offset), { weekday: 'short' }) : '',
  );
  return (
    <figure>
      <div className="flex gap-1.5 overflow-x-auto pb-1">
        <div
          aria-hidden="true"
          className="grid shrink-0 grid-rows-[repeat(7,12px)] gap-[3px] text-[10px] leading-[12px] text-muted-foreground"
        >
          {weekdayNames.map((name, index) => (
            <span key={index}>{name}</span>
          ))}
        </div>
        <div
          role="img"
          aria-label={t('streaks.heatMapLabel', { value: studied, weeks })}
          className="grid shrink-0 grid-flow-col grid-rows-[repeat(7,12px)] gap-[3px]"
          style={{ gridTemplateColumns: `repeat(${weeks}, 12px)` }}
        >
          {cells.map((cell) => (
            <span
              key={cell.date}
              title={`${formatCalendarDate(cell.date)}: ${t('minutes', {
                value: formatNumber(cell.minutes),
              })}`}
              data-date={cell.date}
              data-level={level(cell.minutes)}
              className={`h-3 w-3 rounded-[3px] ${LEVEL_CLASSES[level(cell.minutes)]}`}
            />
          ))}
        </div>
      </div>
      <figcaption className="mt-2 flex items-center gap-1 text-xs text-muted-foreground">
        <span>{t('streaks.less')}</span>
        {LEVEL_CLASSES.map((className) => (
          <span key={className} aria-hidden="true" className={`h-3 w-3 rounded-[3px] ${className}`} />
        ))}
        <span>{t('streaks.more')}</span>
      </figcaption>
    </figure>
  );
}

import { useTranslation } from 'react-i18next';
import type { TemplateBlock, TemplateDocument } from '../../../common/schemas/templates.schema';
import { cn } from '../../lib/class-names';

/**
 * The preview of a template: the same content model the server draws into the file, drawn as HTML
 * (docs/decisions/134). Every text is the user's or the server's catalogue, shown as text, never HTML.
 */

/** A wide table in a box the keyboard can scroll (a focusable, named region). */
function Scroll({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    // A scrolling box must be reachable by keyboard (axe scrollable-region-focusable): a named region in the tab order.
    <div
      role="region"
      aria-label={label}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className="max-w-full overflow-x-auto rounded-md border focus-visible:outline-2 focus-visible:outline-ring"
    >
      {children}
    </div>
  );
}

const cell = 'border-b border-r px-2 py-1 align-top text-left last:border-r-0';

function Block({ block, section }: { block: TemplateBlock; section: string }) {
  const { t } = useTranslation('templates');
  switch (block.kind) {
    case 'heading':
      return <h4 className="pt-2 font-semibold">{block.text}</h4>;
    case 'paragraph':
      return <p className={cn('whitespace-pre-line text-sm', block.muted && 'text-muted-foreground')}>{block.text}</p>;
    case 'fields':
      return (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          {block.fields.map((field) => (
            <div key={field.label} className="contents">
              <dt className="font-medium">{field.label}</dt>
              <dd className="min-w-0 break-words border-b border-dashed">{field.value || '\u00a0'}</dd>
            </div>
          ))}
        </dl>
      );
    case 'table':
      return (
        <div className="space-y-1">
          <Scroll label={t('preview.table', { section })}>
            <table className="w-full min-w-max border-collapse text-xs">
              <thead className="bg-muted">
                <tr>
                  {block.columns.map((column) => (
                    <th key={column} scope="col" className={cn(cell, 'font-semibold')}>
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {block.rows.map((row, rowIndex) => (
                  <tr key={rowIndex}>
                    {row.map((value, index) => (
                      <td key={index} className={cn(cell, 'max-w-64 whitespace-pre-line break-words')}>
                        {value}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </Scroll>
          {block.blankRows > 0 ? (
            <p className="text-xs text-muted-foreground">{t('preview.blankRows', { count: block.blankRows })}</p>
          ) : null}
        </div>
      );
    case 'checklist':
      return (
        <ul className="space-y-1 text-sm">
          {block.items.map((item, index) => (
            <li key={index} className="flex gap-2">
              <span aria-hidden="true">{item.done ? '☑' : '☐'}</span>
              <span className="min-w-0 flex-1 break-words border-b border-dashed">{item.text || '\u00a0'}</span>
            </li>
          ))}
        </ul>
      );
    case 'lines':
      return (
        <div className="space-y-1">
          <p className="text-sm font-medium">{block.label}</p>
          <p className="text-xs text-muted-foreground">{t('preview.lines', { count: block.count })}</p>
        </div>
      );
    case 'weekGrid':
      return (
        <ul className="grid gap-2 text-sm sm:grid-cols-2">
          {block.days.map((day) => (
            <li key={day.label} className="rounded-md border p-2">
              <p className="font-medium">{day.label}</p>
              {day.items.length === 0 ? (
                <p className="text-xs text-muted-foreground">{t('preview.noClasses')}</p>
              ) : (
                <ul className="mt-1 space-y-1">
                  {day.items.map((item, index) => (
                    <li key={index} className="border-l-4 pl-2" style={{ borderColor: item.color }}>
                      <span className="block break-words font-medium">{item.title}</span>
                      <span className="block text-xs text-muted-foreground">{[item.time, item.detail].filter(Boolean).join(' · ')}</span>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      );
    case 'monthGrid':
      return (
        <Scroll label={t('preview.table', { section })}>
          <table className="w-full border-collapse text-xs">
            <thead className="bg-muted">
              <tr>
                {block.weekdays.map((weekday) => (
                  <th key={weekday} scope="col" className={cell}>
                    {weekday}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.weeks.map((week, weekIndex) => (
                <tr key={weekIndex}>
                  {week.map((day, index) => (
                    <td key={index} className={cn(cell, 'h-10', day?.shaded && 'bg-muted')}>
                      {day ? (
                        <>
                          <span className="font-medium">{day.day}</span> <span className="text-primary">{day.marks.join(' ')}</span>
                        </>
                      ) : null}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      );
    case 'cornell':
      return (
        <div className="grid grid-cols-[3fr_7fr] overflow-hidden rounded-md border text-sm">
          <p className="min-h-24 border-r border-b p-2 font-medium text-muted-foreground">{block.cue}</p>
          <p className="min-h-24 border-b p-2 font-medium text-muted-foreground">{block.notes}</p>
          <p className="col-span-2 min-h-12 p-2 font-medium text-muted-foreground">{block.summary}</p>
        </div>
      );
    case 'gantt':
      return (
        <Scroll label={t('preview.table', { section })}>
          <table className="w-full min-w-max border-collapse text-xs">
            <thead className="bg-muted">
              <tr>
                <th scope="col" className={cell}>
                  {block.taskLabel}
                </th>
                {block.columns.map((column) => (
                  <th key={column} scope="col" className={cn(cell, 'font-normal')}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.bars.map((bar, barIndex) => (
                <tr key={barIndex}>
                  <th scope="row" className={cn(cell, 'max-w-48 break-words font-normal')}>
                    {bar.label}
                    {bar.detail ? <span className="block text-muted-foreground">{bar.detail}</span> : null}
                    <span className="sr-only">
                      {t('preview.ganttSpan', { from: block.columns[bar.start], to: block.columns[bar.end] })}
                    </span>
                  </th>
                  {block.columns.map((column, index) => (
                    <td key={column} aria-hidden="true" className={cn(cell, index >= bar.start && index <= bar.end && 'bg-primary')} />
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      );
  }
}

export function TemplatePreview({ document }: { document: TemplateDocument }) {
  return (
    <div className="space-y-5">
      <p className="text-xs text-muted-foreground">{document.subtitle}</p>
      {document.sections.map((section, index) => (
        <section key={index} aria-label={section.title} className="space-y-3 rounded-md border p-3">
          <h3 className="font-semibold">{section.title}</h3>
          {section.blocks.map((block, blockIndex) => (
            <Block key={blockIndex} block={block} section={section.title} />
          ))}
        </section>
      ))}
    </div>
  );
}

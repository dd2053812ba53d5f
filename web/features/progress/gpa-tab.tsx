import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CALCULATOR_CREDITS_MAX, gpaWhatIf, type CalculatorEdit, type HypotheticalCourse } from '../../../common/domain/gpa-what-if';
import { nativeScaleOf } from '../../../common/domain/grading-systems';
import { useCustomScale, useGradesSummary } from '../../api/grades';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { EmptyState } from '../../components/ui/page-state';
import { QueryState } from '../../components/ui/query-state';
import { formatGpa, formatGradeLabel, formatNumber } from '../../lib/format';
import { NATIVE_GRADE_EXAMPLES, markEntryText, nativeMarkText, readMarkEntry, readNumber } from '../../lib/grade-entry';
import { TableHead } from '../../components/ui/table-head';

type Draft = { mark: string; credits: string };
const pct = (value: number) => formatNumber(value, { maximumFractionDigits: 2 });

/**
 * GPA calculator: a what-if over every course (marks, credits, hypothetical courses); nothing is saved.
 * Marks speak the student's system: on a national scale they are typed and shown as its grades (`2+`,
 * `1,7`, `14,5/20`), as in Grades' what-if (web/lib/grade-entry.ts); elsewhere as percentages.
 */
export function GpaTab() {
  const { t } = useTranslation('progress');
  const summary = useGradesSummary();
  const needsScale = summary.data?.system === 'custom';
  const scale = useCustomScale();
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [added, setAdded] = useState<HypotheticalCourse[]>([]);
  const [newCourse, setNewCourse] = useState<Draft & { name: string }>({ name: '', mark: '', credits: '3' });
  const [addError, setAddError] = useState<string | null>(null);

  if (!summary.isSuccess || (needsScale && !scale.isSuccess)) return <QueryState queries={needsScale ? [summary, scale] : [summary]} />;
  const system = summary.data.system;
  const native = nativeScaleOf(system) !== null;
  const example = NATIVE_GRADE_EXAMPLES[system] ?? '';
  /** A mark shown (not typed): the grade on a national scale, else the percentage. */
  const markText = (mark: number) => nativeMarkText(mark, system) ?? t('courses.percent', { value: pct(mark) });
  const courses = summary.data.courses.map((course) => ({
    id: course.courseId ?? 'standalone',
    name: course.name ?? t('gpa.standalone'),
    credits: course.credits,
    mark: course.mark,
  }));
  const edits: Record<string, CalculatorEdit> = {};
  const invalid = new Set<string>();
  for (const [id, draft] of Object.entries(drafts)) {
    const course = courses.find((entry) => entry.id === id);
    if (!course) continue;
    const mark = draft.mark.trim() === '' ? null : readMarkEntry(draft.mark, system);
    const credits = draft.credits.trim() === '' ? null : readNumber(draft.credits, 0, CALCULATOR_CREDITS_MAX);
    if ((draft.mark.trim() !== '' && mark === null) || (draft.credits.trim() !== '' && credits === null)) invalid.add(id);
    else edits[id] = { mark, credits };
  }
  const result = gpaWhatIf(courses, edits, added, system, scale.data?.bands);
  const draftOf = (id: string, mark: number | null, credits: number | null): Draft =>
    drafts[id] ?? { mark: markEntryText(mark, system), credits: credits === null ? '' : String(credits) };
  const setDraft = (id: string, patch: Partial<Draft>, mark: number | null, credits: number | null) =>
    setDrafts((current) => ({ ...current, [id]: { ...draftOf(id, mark, credits), ...patch } }));

  const gpaText = (gpa: typeof result.after) => {
    if (gpa.ownGpa !== null && gpa.ownGpaMax !== null)
      return t('overview.gpaOf', { value: formatGpa(gpa.ownGpa), max: formatNumber(gpa.ownGpaMax) });
    if (gpa.gpa4 !== null) return formatGpa(gpa.gpa4);
    return '—';
  };

  const addCourse = () => {
    const mark = readMarkEntry(newCourse.mark, system);
    const credits = readNumber(newCourse.credits, 0, CALCULATOR_CREDITS_MAX);
    if (newCourse.name.trim() === '' || mark === null || credits === null) {
      setAddError(
        native ? t('gpa.addInvalidNative', { max: CALCULATOR_CREDITS_MAX, example }) : t('gpa.addInvalid', { max: CALCULATOR_CREDITS_MAX }),
      );
      return;
    }
    setAddError(null);
    setAdded((list) => [...list, { id: `hypothetical-${list.length}-${Date.now()}`, name: newCourse.name.trim(), mark, credits }]);
    setNewCourse({ name: '', mark: '', credits: '3' });
  };

  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">{t('gpa.intro')}</p>
      <Card className="grid gap-3 sm:grid-cols-3" aria-live="polite" data-testid="gpa-result">
        <div>
          <p className="text-sm text-muted-foreground">{t('gpa.current')}</p>
          <p className="text-2xl font-bold tabular-nums">{gpaText(result.before)}</p>
        </div>
        <div>
          <p className="text-sm text-muted-foreground">{t('gpa.whatIf')}</p>
          <p className="text-2xl font-bold tabular-nums" data-testid="gpa-what-if">
            {gpaText(result.after)}
          </p>
        </div>
        <div>
          <p className="text-sm text-muted-foreground">{t('gpa.averageMark')}</p>
          <p className="text-2xl font-bold tabular-nums">{result.after.mark === null ? '—' : markText(result.after.mark)}</p>
        </div>
        {result.after.ownGpa === null && result.after.gpa4 !== null ? (
          <p className="text-xs text-muted-foreground sm:col-span-3">{t('gpa.scaleNote')}</p>
        ) : null}
      </Card>

      {result.rows.length === 0 ? <EmptyState title={t('gpa.empty')} description={t('gpa.emptyHint')} /> : null}
      {result.rows.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[20rem] text-sm">
            <caption className="sr-only">{t('gpa.tableCaption')}</caption>
            <TableHead
              columns={[
                { label: t('gpa.course'), className: 'py-2 pr-2' },
                { label: native ? t('gpa.markNative') : t('gpa.mark'), className: 'w-24 px-2' },
                { label: t('gpa.credits'), className: 'w-20 px-2' },
                { label: t('gpa.grade'), className: 'w-16 pl-2' },
              ]}
            />
            <tbody>
              {result.rows.map((row) => {
                const original = courses.find((course) => course.id === row.id);
                const draft = row.hypothetical ? null : draftOf(row.id, original?.mark ?? null, original?.credits ?? null);
                // A course's mark or credits: a field while it is the user's own course, the value for a hypothetical one.
                const draftCell = (field: keyof Draft, label: string, placeholder: string, shown: string) => (
                  <td className="px-2">
                    {draft ? (
                      <Input
                        aria-label={label}
                        inputMode={field === 'mark' && native ? 'text' : 'decimal'}
                        value={draft[field]}
                        placeholder={placeholder}
                        onChange={(event) =>
                          setDraft(row.id, { [field]: event.target.value }, original?.mark ?? null, original?.credits ?? null)
                        }
                      />
                    ) : (
                      shown
                    )}
                  </td>
                );
                return (
                  <tr key={row.id} className="border-t" data-testid="gpa-row">
                    <th scope="row" className="py-2 pr-2 text-left font-medium">
                      {row.name}
                      {row.hypothetical ? (
                        <>
                          {' '}
                          <span className="text-xs font-normal text-muted-foreground">{t('gpa.hypothetical')}</span>{' '}
                          <Button
                            size="sm"
                            variant="ghost"
                            onClick={() => setAdded((list) => list.filter((course) => course.id !== row.id))}
                          >
                            {t('gpa.remove', { name: row.name })}
                          </Button>
                        </>
                      ) : null}
                      {invalid.has(row.id) ? (
                        <span role="alert" className="block text-xs font-normal text-destructive">
                          {native
                            ? t('gpa.invalidNative', { max: CALCULATOR_CREDITS_MAX, example })
                            : t('gpa.invalid', { max: CALCULATOR_CREDITS_MAX })}
                        </span>
                      ) : null}
                    </th>
                    {draftCell(
                      'mark',
                      native ? t('gpa.markNativeOf', { name: row.name }) : t('gpa.markOf', { name: row.name }),
                      native ? example : '—',
                      markText(row.mark ?? 0),
                    )}
                    {draftCell('credits', t('gpa.creditsOf', { name: row.name }), '1', formatNumber(row.credits ?? 1))}
                    <td className={`pl-2 tabular-nums ${row.changed ? 'font-semibold text-primary' : ''}`}>
                      {row.label === null ? '—' : formatGradeLabel(row.label)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}

      <Card className="space-y-3">
        <h2 className="font-semibold">{t('gpa.addTitle')}</h2>
        <div className="grid gap-3 sm:grid-cols-[1fr_7rem_7rem_auto] sm:items-end">
          <label className="space-y-1 text-sm">
            <span className="block font-medium">{t('gpa.name')}</span>
            <Input
              value={newCourse.name}
              onChange={(event) => setNewCourse({ ...newCourse, name: event.target.value })}
              autoComplete="off"
            />
          </label>
          <label className="space-y-1 text-sm">
            <span className="block font-medium">{native ? t('gpa.markNative') : t('gpa.mark')}</span>
            <Input
              inputMode={native ? 'text' : 'decimal'}
              placeholder={native ? example : undefined}
              value={newCourse.mark}
              onChange={(event) => setNewCourse({ ...newCourse, mark: event.target.value })}
            />
          </label>
          <label className="space-y-1 text-sm">
            <span className="block font-medium">{t('gpa.credits')}</span>
            <Input
              inputMode="decimal"
              value={newCourse.credits}
              onChange={(event) => setNewCourse({ ...newCourse, credits: event.target.value })}
            />
          </label>
          <Button onClick={addCourse}>{t('gpa.add')}</Button>
        </div>
        {addError ? (
          <p role="alert" className="text-sm text-destructive">
            {addError}
          </p>
        ) : null}
      </Card>
      <Button
        variant="outline"
        onClick={() => {
          setDrafts({});
          setAdded([]);
        }}
      >
        {t('gpa.reset')}
      </Button>
    </div>
  );
}

import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FEED_FILE_MAX_BYTES } from '../../../common/schemas/lms-feeds.constants';
import type { FeedPreview } from '../../../common/schemas/lms-feeds.schema';
import { useImportFeed, usePreviewFeed } from '../../api/lms-feeds';
import { useCourses } from '../../api/schedule';
import { useUserTimeZone } from '../../api/session';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { NamedOptions, NativeSelect } from '../../components/ui/native-select';
import { apiErrorMessage } from '../../lib/api-errors';
import { formatDate, formatDateTime, formatNumber } from '../../lib/format';
import { toast } from '../../lib/toast';
import { courseChoicesOf, PREVIEW_ROWS, previewCounts } from './calendar-import';

type Source = { url: string } | { ics: string };

/**
 * "Add a calendar": a feed address (or an .ics file) → the preview (what will be imported, a course for
 * each of the feed's courses) → Import. Refusals are shown here in words (their codes' sentences).
 */
export function FeedImportForm() {
  const { t } = useTranslation('feeds');
  const timeZone = useUserTimeZone();
  const courses = useCourses();
  const preview = usePreviewFeed();
  const importFeed = useImportFeed();
  const [url, setUrl] = useState('');
  const [source, setSource] = useState<Source | null>(null);
  const [picked, setPicked] = useState<Record<string, string>>({});
  const [fileError, setFileError] = useState<string | null>(null);

  const ask = (next: Source) => {
    setSource(next);
    setPicked({});
    importFeed.reset();
    preview.mutate(next);
  };
  const submitUrl = (event: FormEvent) => {
    event.preventDefault();
    if (url.trim()) ask({ url: url.trim() });
  };
  const readFile = async (file: File | undefined) => {
    setFileError(null);
    if (!file) return;
    if (file.size > FEED_FILE_MAX_BYTES) return setFileError(t('common:errors.codes.feed_too_large'));
    ask({ ics: await file.text() });
  };
  const runImport = (result: FeedPreview) => {
    if (!source) return;
    importFeed.mutate(
      { ...source, courseChoices: courseChoicesOf(result, picked) },
      {
        onSuccess: ({ result: outcome }) => {
          toast({ title: t('toast.imported', { count: outcome.created }) });
          setSource(null);
          setUrl('');
          preview.reset();
        },
      },
    );
  };

  const failure = preview.error ?? importFeed.error;
  return (
    <section aria-labelledby="feed-import-title" className="space-y-3">
      <h3 id="feed-import-title" className="font-semibold">
        {t('import.title')}
      </h3>
      <p className="text-sm text-muted-foreground">{t('import.help')}</p>
      <form onSubmit={submitUrl} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <FormField label={t('import.url')} hint={t('import.urlHint')}>
            <Input
              type="url"
              inputMode="url"
              autoComplete="off"
              value={url}
              placeholder="webcal://"
              onChange={(event) => setUrl(event.target.value)}
            />
          </FormField>
        </div>
        <Button type="submit" disabled={!url.trim() || preview.isPending}>
          {preview.isPending ? t('import.previewing') : t('import.preview')}
        </Button>
      </form>
      <FormField label={t('import.file')} error={fileError ?? undefined}>
        <Input type="file" accept=".ics,text/calendar" onChange={(event) => void readFile(event.target.files?.[0])} />
      </FormField>
      {failure ? (
        <p role="alert" className="rounded-md border border-destructive p-3 text-sm text-destructive">
          {apiErrorMessage(t, failure, t('import.failed'))}
        </p>
      ) : null}
      {preview.isSuccess && source ? (
        <PreviewResult
          preview={preview.data}
          timeZone={timeZone}
          courses={courses.data ?? []}
          picked={picked}
          onPick={(key, value) => setPicked((current) => ({ ...current, [key]: value }))}
          pending={importFeed.isPending}
          onImport={() => runImport(preview.data)}
        />
      ) : null}
    </section>
  );
}

function PreviewResult({
  preview,
  timeZone,
  courses,
  picked,
  onPick,
  pending,
  onImport,
}: {
  preview: FeedPreview;
  timeZone: string;
  courses: ReadonlyArray<{ id: string; name: string }>;
  picked: Readonly<Record<string, string>>;
  onPick: (key: string, courseId: string) => void;
  pending: boolean;
  onImport: () => void;
}) {
  const { t } = useTranslation('feeds');
  const counts = previewCounts(preview);
  const rows = preview.items.slice(0, PREVIEW_ROWS);
  return (
    <div className="space-y-3 rounded-md border p-3" aria-live="polite">
      <h4 className="font-medium">{preview.name ?? t('preview.unnamed')}</h4>
      <p className="text-sm">
        {t('preview.summary', { count: counts.toImport, number: formatNumber(counts.toImport) })}
        {counts.cancelled > 0 ? ` ${t('preview.cancelled', { count: counts.cancelled, number: formatNumber(counts.cancelled) })}` : ''}
        {preview.truncated ? ` ${t('preview.truncated')}` : ''}
      </p>
      {preview.courses.length > 0 ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">{t('preview.courses')}</legend>
          {preview.courses.map((course) => (
            <FormField key={course.key} label={course.key} hint={course.courseId ? t('preview.matched') : t('preview.unmatched')}>
              <NativeSelect
                value={picked[course.key] ?? course.courseId ?? ''}
                onChange={(event) => onPick(course.key, event.target.value)}
              >
                <option value="">{t('preview.noCourse')}</option>
                <NamedOptions items={courses} />
              </NativeSelect>
            </FormField>
          ))}
        </fieldset>
      ) : null}
      <ul className="divide-y rounded-md border text-sm" aria-label={t('preview.items')}>
        {rows.map((item) => (
          <li key={`${item.uid} ${item.recurrenceId}`} className="flex flex-wrap justify-between gap-x-3 px-3 py-2">
            <span className={item.cancelled ? 'line-through' : undefined}>{item.title}</span>
            {item.cancelled ? <span className="sr-only">{t('preview.cancelledItem')}</span> : null}
            <span className="text-muted-foreground">
              {t('preview.itemMeta', {
                type: t(`tasks:types.${item.taskType}`),
                when: item.allDay ? formatDate(item.dueDate, timeZone) : formatDateTime(item.dueDate, timeZone),
              })}
            </span>
          </li>
        ))}
      </ul>
      {preview.items.length > rows.length ? (
        <p className="text-xs text-muted-foreground">{t('preview.more', { number: formatNumber(preview.items.length - rows.length) })}</p>
      ) : null}
      <Button onClick={onImport} disabled={pending || counts.toImport === 0}>
        {pending ? t('preview.importing') : t('preview.import', { count: counts.toImport, number: formatNumber(counts.toImport) })}
      </Button>
    </div>
  );
}

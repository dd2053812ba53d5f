import { Pencil, Plus, Repeat, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomScaleBand } from '../../../common/domain/custom-scale';
import { nativeValueFor, type GradingSystemKey } from '../../../common/domain/grading-systems';
import { Button, IconButton } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { EmptyState } from '../../components/ui/page-state';
import { QueryState } from '../../components/ui/query-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { formatCalendarDate, formatGradeLabel, formatNumber } from '../../lib/format';
import { toast } from '../../lib/toast';
import { AddCourseDialog } from './add-course-dialog';
import { ConvertDialog } from './convert-dialog';
import { CourseGrades } from './course-grades';
import { GradeDialog, type EditTarget } from './grade-dialog';
import { GradeSettings } from './grade-settings';
import { SCORE_COLOR_CLASSES, labelFor, scored } from './grade-view';
import { useDeleteGrade, type Assessment, type Course, type Grade } from './grades.api';
import { useAssessments, useCustomScale, useGrades, useGradingSystem } from '../../api/grades';
import { useCourses } from '../../api/schedule';
import { PageHeader } from '../../components/ui/page-header';

export type GradedAssessment = { assessment: Assessment; grade: Grade | null };

function AllGrades({
  rows,
  courses,
  system,
  scale,
  onEdit,
  onDelete,
  onConvert,
  onAdd,
}: {
  rows: readonly GradedAssessment[];
  courses: readonly Course[];
  system: GradingSystemKey;
  scale: readonly CustomScaleBand[] | undefined;
  onEdit: (row: GradedAssessment) => void;
  onDelete: (row: GradedAssessment) => void;
  onConvert: (label: string) => void;
  onAdd: () => void;
}) {
  const { t } = useTranslation('grades');
  if (rows.length === 0) {
    return (
      <EmptyState
        title={t('all.emptyTitle')}
        description={t('all.emptyDescription')}
        action={
          <Button onClick={onAdd}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            {t('addGrade')}
          </Button>
        }
      />
    );
  }
  const courseName = (id: string | null) => (id === null ? t('standalone') : (courses.find((c) => c.id === id)?.name ?? t('standalone')));
  return (
    <ul className="space-y-2" aria-label={t('all.listLabel')}>
      {rows.map((row) => {
        const { assessment, grade } = row;
        const view = grade ? scored(grade.score, assessment.maxScore, system) : null;
        const label = view ? labelFor(view.percentage, system, scale) : null;
        // On a national number scale the grade is the number itself (2+, 14,5/20); the score line only for raw scores.
        const nativeValue = view ? nativeValueFor(view.percentage, system) : null;
        return (
          <li key={assessment.id} data-testid="grade-row">
            <Card className="flex flex-wrap items-center gap-3 p-3 sm:p-4">
              <div className="w-full min-w-0 sm:w-auto sm:flex-1">
                <p className="truncate font-medium">{assessment.name}</p>
                <p className="text-sm text-muted-foreground">
                  {[
                    courseName(assessment.courseId),
                    t(`types.${assessment.type}`),
                    assessment.date ? formatCalendarDate(assessment.date) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
                <p className="text-xs text-muted-foreground">{t('all.weight', { weight: formatNumber(assessment.weight) })}</p>
                {assessment.feedback ? <p className="mt-1 line-clamp-2 text-sm">{assessment.feedback}</p> : null}
              </div>
              <div className="ml-auto text-right">
                {grade && view ? (
                  <>
                    <p className={`text-lg font-semibold ${SCORE_COLOR_CLASSES[view.color]}`} data-testid="grade-label">
                      {label === null ? t('none') : formatGradeLabel(label)}
                    </p>
                    {nativeValue !== null ? (
                      <p className="text-sm text-muted-foreground">
                        {t('all.nativeValue', { value: formatNumber(nativeValue, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) })}
                      </p>
                    ) : null}
                    {nativeValue === null || assessment.maxScore !== 100 ? (
                      <p className="text-sm text-muted-foreground">
                        {t('all.score', {
                          score: formatNumber(grade.score),
                          max: formatNumber(assessment.maxScore),
                          percentage: formatNumber(view.percentage, { maximumFractionDigits: 2 }),
                        })}
                      </p>
                    ) : null}
                  </>
                ) : (
                  <p className="text-sm text-muted-foreground">{t('all.notGraded')}</p>
                )}
              </div>
              <div className="flex gap-1">
                {label ? (
                  <IconButton icon={Repeat} label={t('convert.open', { name: assessment.name })} onClick={() => onConvert(label)} />
                ) : null}
                <IconButton icon={Pencil} label={t('all.edit', { name: assessment.name })} onClick={() => onEdit(row)} />
                <IconButton icon={Trash2} label={t('all.delete', { name: assessment.name })} onClick={() => onDelete(row)} />
              </div>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}

/** /grades: All Grades, Course Grades and grade settings (SPEC.md §2). */
export function GradesPage() {
  const { t } = useTranslation('grades');
  const assessments = useAssessments();
  const grades = useGrades();
  const courses = useCourses();
  const systemQuery = useGradingSystem();
  const scaleQuery = useCustomScale();
  const remove = useDeleteGrade();
  const [dialog, setDialog] = useState<{ open: boolean; editing: EditTarget | null }>({ open: false, editing: null });
  const [courseDialog, setCourseDialog] = useState(false);
  const [deleting, setDeleting] = useState<GradedAssessment | null>(null);
  const [converting, setConverting] = useState<string | null>(null);

  const rows = useMemo<GradedAssessment[]>(() => {
    const byAssessment = new Map((grades.data ?? []).map((g) => [g.assessmentId, g]));
    return (assessments.data ?? []).map((assessment) => ({ assessment, grade: byAssessment.get(assessment.id) ?? null }));
  }, [assessments.data, grades.data]);

  const queries = [assessments, grades, courses, systemQuery, scaleQuery];
  if (!queries.every((q) => q.isSuccess)) return <QueryState queries={queries} />;
  const system = systemQuery.data?.system ?? 'letter';
  const scale = scaleQuery.data?.bands;
  const courseList = courses.data ?? [];
  const openAdd = () => setDialog({ open: true, editing: null });

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(
      { assessmentId: deleting.assessment.id, gradeId: deleting.grade?.id ?? null },
      {
        onSuccess: () => {
          toast({ title: t('toast.deleted'), variant: 'success' });
          setDeleting(null);
        },
      },
    );
  };

  return (
    <section aria-labelledby="grades-title" className="mx-auto max-w-4xl">
      <PageHeader id="grades-title" title={t('title')} className="mb-4">
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setCourseDialog(true)}>
            {t('addCourse.open')}
          </Button>
          <Button onClick={openAdd}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            {t('addGrade')}
          </Button>
        </div>
      </PageHeader>
      <p className="mb-3 text-sm text-muted-foreground">{t('currentSystem', { system: t(`settings:grading.systems.${system}`) })}</p>
      <Tabs defaultValue="all">
        <TabsList className="mb-4">
          <TabsTrigger value="all">{t('tabs.all')}</TabsTrigger>
          <TabsTrigger value="courses">{t('tabs.courses')}</TabsTrigger>
          <TabsTrigger value="settings">{t('tabs.settings')}</TabsTrigger>
        </TabsList>
        <TabsContent value="all">
          <AllGrades
            rows={rows}
            courses={courseList}
            system={system}
            scale={scale}
            onAdd={openAdd}
            onEdit={(row) => setDialog({ open: true, editing: row })}
            onDelete={setDeleting}
            onConvert={setConverting}
          />
        </TabsContent>
        <TabsContent value="courses">
          <CourseGrades rows={rows} courses={courseList} system={system} scale={scale} onAdd={openAdd} />
        </TabsContent>
        <TabsContent value="settings">
          <GradeSettings system={system} scale={scale ?? []} />
        </TabsContent>
      </Tabs>
      <GradeDialog
        open={dialog.open}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
        courses={courseList}
        editing={dialog.editing}
        system={system}
      />
      <AddCourseDialog open={courseDialog} onOpenChange={setCourseDialog} system={system} />
      <ConvertDialog label={converting} system={system} scale={scale} onClose={() => setConverting(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? null : setDeleting(null))}
        title={t('deleteConfirm.title')}
        description={t('deleteConfirm.description', { name: deleting?.assessment.name ?? '' })}
        confirmLabel={t('common:delete')}
        cancelLabel={t('common:cancel')}
        onConfirm={confirmDelete}
        pending={remove.isPending}
      />
    </section>
  );
}

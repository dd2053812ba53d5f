import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { QueryState } from '../../components/ui/query-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { toast } from '../../lib/toast';
import { AddCourseDialog } from './add-course-dialog';
import { ConvertDialog } from './convert-dialog';
import { AllGrades } from './all-grades';
import { CourseGrades } from './course-grades';
import { GradeDialog, type EditTarget } from './grade-dialog';
import { GradeSettings } from './grade-settings';
import { useDeleteGrade, type Assessment, type Grade, useAssessments, useCustomScale, useGrades, useGradingSystem } from '../../api/grades';
import { useCourses } from '../../api/schedule';
import { PageFrame } from '../../components/ui/page-frame';
import { GradesActions } from './grades-actions';

export type GradedAssessment = { assessment: Assessment; grade: Grade | null };

/** /grades: All Grades, Course Grades and grade settings (docs/product.md §2). */
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

  const openAdd = () => setDialog({ open: true, editing: null });
  // The page's own frame (decision 229): its title, intro and buttons stay where the shell drew them.
  // Its buttons work once the lists they need have arrived; until then they are drawn as the frame's, disabled.
  const frame = (content: ReactNode, ready: boolean) => (
    <PageFrame
      page="/grades"
      actions={ready ? <GradesActions onAddCourse={() => setCourseDialog(true)} onAddGrade={openAdd} /> : <GradesActions />}
    >
      {content}
    </PageFrame>
  );
  const queries = [assessments, grades, courses, systemQuery, scaleQuery];
  if (!queries.every((q) => q.isSuccess)) return frame(<QueryState queries={queries} />, false);
  const system = systemQuery.data?.system ?? 'letter';
  const scale = scaleQuery.data?.bands;
  const courseList = courses.data ?? [];

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

  return frame(
    <>
      <p className="text-sm text-muted-foreground">{t('currentSystem', { system: t(`settings:grading.systems.${system}`) })}</p>
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
    </>,
    true,
  );
}

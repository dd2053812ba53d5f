import { useTranslation } from 'react-i18next';
import { TASK_TYPES } from '../../../common/schemas/tasks.constants';
import { NamedOptions } from '../../components/ui/native-select';
import type { CourseSummary } from '../../api/tasks-writes';

/** The task types as <option>s, translated (the task form's type and the toolbar's type filter). */
export function TaskTypeOptions() {
  const { t } = useTranslation('tasks');
  return TASK_TYPES.map((type) => (
    <option key={type} value={type}>
      {t(`types.${type}`)}
    </option>
  ));
}

/** The user's courses as <option>s, after a "no course" option (the task form and the toolbar's course filter). */
export function CourseOptions({ courses, noCourseValue }: { courses: readonly CourseSummary[]; noCourseValue: string }) {
  const { t } = useTranslation('tasks');
  return (
    <>
      <option value={noCourseValue}>{t('form.noCourse')}</option>
      <NamedOptions items={courses} />
    </>
  );
}

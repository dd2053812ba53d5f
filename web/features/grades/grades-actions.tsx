import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';

/**
 * The buttons beside /grades's title. The page passes its handlers; the shell's frame (decision 236), drawn
 * before the page's code and data have arrived, renders them without, disabled, so that the title, the
 * intro and the buttons paint with the document and stay where they are when the page replaces the frame.
 */
export function GradesActions({ onAddCourse, onAddGrade }: { onAddCourse?: () => void; onAddGrade?: () => void }) {
  const { t } = useTranslation('grades');
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" disabled={!onAddCourse} onClick={onAddCourse}>
        {t('addCourse.open')}
      </Button>
      <Button disabled={!onAddGrade} onClick={onAddGrade}>
        <Plus aria-hidden="true" className="h-4 w-4" />
        {t('addGrade')}
      </Button>
    </div>
  );
}

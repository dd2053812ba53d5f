import { CalendarPlus, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';

/**
 * The buttons beside /tasks's title. The page passes its handlers; the shell's frame (decision 236), drawn
 * before the page's code has arrived, renders them without, disabled, so that the title and the buttons
 * paint with the document and stay where they are when the page replaces the frame.
 */
export function TasksActions({ onImportCalendar, onAdd }: { onImportCalendar?: () => void; onAdd?: () => void }) {
  const { t } = useTranslation('tasks');
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" disabled={!onImportCalendar} onClick={onImportCalendar}>
        <CalendarPlus aria-hidden="true" className="h-4 w-4" />
        {t('actions.importCalendar')}
      </Button>
      <Button disabled={!onAdd} onClick={onAdd}>
        <Plus aria-hidden="true" className="h-4 w-4" />
        {t('actions.add')}
      </Button>
    </div>
  );
}

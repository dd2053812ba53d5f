import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { FeedImportForm } from './calendar-import-form';
import { FeedList } from './calendar-feed-list';

/**
 * "Import from your school's calendar" (issue 38; decision 202): opened from the Tasks page, loaded on
 * first open. The student's calendars (last sync, errors, sync, remove) and the import with its preview.
 */
export function LmsFeedsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('feeds');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t('title')} description={t('description')} closeLabel={t('common:close')} className="sm:max-w-2xl">
        <div className="space-y-6">
          <FeedList />
          <FeedImportForm />
        </div>
      </DialogContent>
    </Dialog>
  );
}

import { useTranslation } from 'react-i18next';
import { storageState } from '../../../common/domain/file-kinds';
import { LOW_STORAGE_SHARE } from '../../../common/schemas/files.constants';
import type { StorageUsage } from '../../../common/schemas/files.schema';
import { Card } from '../../components/ui/card';
import { ProgressBar } from '../../components/ui/progress-bar';
import { storageTexts } from './files-view';

/** Used of 2 GB, and docs/product.md §8's low-storage warning with the space left when under 10 %. */
export function StorageMeter({ usage }: { usage: StorageUsage }) {
  const { t } = useTranslation('files');
  const state = storageState(usage.used, usage.limit, LOW_STORAGE_SHARE);
  const texts = storageTexts(usage.used, usage.limit);
  return (
    <Card className="space-y-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-semibold">{t('storage.label')}</h2>
        <p className="text-sm text-muted-foreground" data-testid="storage-used">
          {t('storage.used', { used: texts.used, limit: texts.limit })}
        </p>
      </div>
      <ProgressBar value={usage.used} max={usage.limit} label={t('storage.label')} />
      {state.low ? (
        <p role="status" className="text-sm font-medium text-destructive">
          {t('storage.low', { available: texts.available })}
        </p>
      ) : null}
    </Card>
  );
}

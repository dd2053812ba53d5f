import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { CATEGORY_FILTERS, type CategoryFilter as Filter } from './premium-files-view';

/** SPEC.md §3's categories as toggle buttons (one pressed), wrapping on a phone. */
export function CategoryFilter({ value, onChange }: { value: Filter; onChange: (value: Filter) => void }) {
  const { t } = useTranslation('premiumFiles');
  return (
    <div role="group" aria-label={t('categoriesLabel')} className="flex flex-wrap gap-2">
      {CATEGORY_FILTERS.map((category) => (
        <Button
          key={category}
          size="sm"
          variant={value === category ? 'primary' : 'outline'}
          aria-pressed={value === category}
          onClick={() => onChange(category)}
        >
          {t(`categories.${category}`)}
        </Button>
      ))}
    </div>
  );
}

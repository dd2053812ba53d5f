import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/ui/card';

/** SPEC.md §6's premium benefits, only those StudyPilot has (docs/decisions/132-premium-benefits.md). */
export const BENEFITS = ['files', 'templates', 'history', 'export', 'themes', 'noBanner', 'support'] as const;

export function PremiumBenefits() {
  const { t } = useTranslation('premium');
  return (
    <Card>
      <h2 id="premium-benefits" className="text-lg font-semibold">
        {t('benefits.heading')}
      </h2>
      <ul aria-labelledby="premium-benefits" className="mt-3 space-y-2">
        {BENEFITS.map((benefit) => (
          <li key={benefit} className="flex gap-2">
            <Check aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-success" />
            <span>{t(`benefits.${benefit}`)}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

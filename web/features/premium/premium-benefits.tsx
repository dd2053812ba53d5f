import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PREMIUM_BENEFITS } from '../../../common/domain/premium-benefits';
import { Card } from '../../components/ui/card';

/**
 * What Premium adds, and only that (docs/decisions/180-premium-sells-what-it-adds.md): the common list,
 * each entry checked by the server or the shell. Data export is free on every plan, so it is not here.
 */
export const BENEFITS = PREMIUM_BENEFITS;

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

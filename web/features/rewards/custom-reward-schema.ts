import type { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CUSTOM_REWARD_COST_MAX, CUSTOM_REWARD_COST_MIN } from '../../../common/domain/shop';
import { REWARD_CATEGORY_MAX, REWARD_DESCRIPTION_MAX, REWARD_NAME_MAX } from '../../../common/schemas/rewards.constants';
import { formatNumber } from '../../lib/format';

type TFunction = ReturnType<typeof useTranslation>['t'];

/** The custom reward form's rules, loaded at its first validation (lib/lazy-zod-resolver.ts). */
export function rewardSchema(t: TFunction) {
  return z.object({
    name: z
      .string()
      .trim()
      .min(1, t('form.nameRequired'))
      .max(REWARD_NAME_MAX, t('form.nameMax', { max: REWARD_NAME_MAX })),
    description: z.string().max(REWARD_DESCRIPTION_MAX, t('form.descriptionMax', { max: REWARD_DESCRIPTION_MAX })),
    cost: z.coerce
      .number({ error: t('form.costRange', { min: formatNumber(CUSTOM_REWARD_COST_MIN), max: formatNumber(CUSTOM_REWARD_COST_MAX) }) })
      .int(t('form.costWhole'))
      .min(
        CUSTOM_REWARD_COST_MIN,
        t('form.costRange', { min: formatNumber(CUSTOM_REWARD_COST_MIN), max: formatNumber(CUSTOM_REWARD_COST_MAX) }),
      )
      .max(
        CUSTOM_REWARD_COST_MAX,
        t('form.costRange', { min: formatNumber(CUSTOM_REWARD_COST_MIN), max: formatNumber(CUSTOM_REWARD_COST_MAX) }),
      ),
    category: z.string().max(REWARD_CATEGORY_MAX, t('form.categoryMax', { max: REWARD_CATEGORY_MAX })),
  });
}

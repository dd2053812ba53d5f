import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CUSTOM_REWARD_COST_MAX, CUSTOM_REWARD_COST_MIN } from '../../../common/domain/shop';
import type { ShopItem } from '../../../common/schemas/rewards.schema';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { FormActions } from '../../components/ui/form-actions';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { toast } from '../../lib/toast';
import { useSaveCustomReward } from '../../api/rewards';
import { useLazyZodResolver } from '../../lib/lazy-zod-resolver';

/** Create or edit a custom reward (name, description, cost 1–100,000, category). */
export function CustomRewardDialog({
  open,
  onOpenChange,
  reward,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  reward: ShopItem | null;
}) {
  const { t } = useTranslation('rewards');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={reward ? t('form.editTitle') : t('form.addTitle')} closeLabel={t('common:close')}>
        <CustomRewardForm reward={reward} onOpenChange={onOpenChange} />
      </DialogContent>
    </Dialog>
  );
}

/** The reward's form: rendered once the dialog first opens, so a page with the dialog closed builds no form (decision 256). */
function CustomRewardForm({ onOpenChange, reward }: { onOpenChange: (open: boolean) => void; reward: ShopItem | null }) {
  const { t } = useTranslation('rewards');
  const save = useSaveCustomReward();
  const form = useForm({
    resolver: useLazyZodResolver(() => import('./custom-reward-schema').then(({ rewardSchema }) => rewardSchema(t))),
    values: {
      name: reward?.name ?? '',
      description: reward?.description ?? '',
      cost: reward?.cost ?? 100,
      category: reward?.category ?? '',
    },
  });
  const verb = reward ? 'updated' : 'added';
  const submit = form.handleSubmit((values) =>
    save.mutate(
      {
        ...(reward ? { id: reward.id } : {}),
        name: values.name,
        description: values.description || null,
        cost: Number(values.cost),
        category: values.category || null,
      },
      {
        onSuccess: () => {
          toast({ title: t(`toast.${verb}`), variant: 'success' });
          onOpenChange(false);
        },
      },
    ),
  );
  const errors = form.formState.errors;
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormField label={t('form.name')} error={errors.name?.message}>
        <Input {...form.register('name')} autoComplete="off" />
      </FormField>
      <FormField label={t('form.description')} error={errors.description?.message}>
        <Input {...form.register('description')} autoComplete="off" />
      </FormField>
      <FormField label={t('form.cost')} error={errors.cost?.message}>
        <Input
          {...form.register('cost')}
          type="number"
          inputMode="numeric"
          min={CUSTOM_REWARD_COST_MIN}
          max={CUSTOM_REWARD_COST_MAX}
          step={1}
        />
      </FormField>
      <FormField label={t('form.category')} error={errors.category?.message} hint={t('form.categoryHint')}>
        <Input {...form.register('category')} autoComplete="off" />
      </FormField>
      <FormActions onCancel={() => onOpenChange(false)} pending={save.isPending} />
    </form>
  );
}

import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { User } from '../../../common/schemas/auth.schema';
import { useUpdateProfile } from '../../api/account';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { NativeSelect } from '../../components/ui/native-select';
import { applyFieldErrors } from '../../lib/api-errors';
import { toast } from '../../lib/toast';
import { useLazyZodResolver } from '../../lib/lazy-zod-resolver';

/** Every IANA zone the browser knows, always including UTC and the user's current one. */
function timeZones(current: string): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: string) => string[] };
  const zones = new Set(intl.supportedValuesOf ? intl.supportedValuesOf('timeZone') : []);
  zones.add('UTC');
  zones.add(current);
  return [...zones].sort();
}

/** The account page's Profile tab: username, emails and time zone. */
export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const update = useUpdateProfile();
  const form = useForm({
    resolver: useLazyZodResolver(() => import('./profile-form-schema').then(({ profileSchema }) => profileSchema(t))),
    defaultValues: { username: user.username, email: user.email ?? '', recoveryEmail: user.recoveryEmail ?? '', timeZone: user.timeZone },
  });
  const submit = form.handleSubmit((values) =>
    update.mutate(
      { username: values.username, email: values.email || null, recoveryEmail: values.recoveryEmail || null, timeZone: values.timeZone },
      {
        onSuccess: () => toast({ title: t('profile.saved'), variant: 'success' }),
        // The toast is the mutation's (failureToast); the refused fields are the form's.
        onError: (error) => applyFieldErrors(t, error, form.setError, ['username', 'email', 'recoveryEmail', 'timeZone']),
      },
    ),
  );
  const errors = form.formState.errors;
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormField label={t('profile.username')} error={errors.username?.message}>
        <Input {...form.register('username')} autoComplete="username" />
      </FormField>
      <FormField label={t('profile.email')} error={errors.email?.message} hint={t('profile.emailHint')}>
        <Input {...form.register('email')} type="email" autoComplete="email" />
      </FormField>
      <FormField label={t('profile.recoveryEmail')} error={errors.recoveryEmail?.message} hint={t('profile.recoveryEmailHint')}>
        <Input {...form.register('recoveryEmail')} type="email" autoComplete="off" />
      </FormField>
      <FormField label={t('profile.timeZone')} hint={t('profile.timeZoneHint')}>
        <NativeSelect {...form.register('timeZone')}>
          {timeZones(user.timeZone).map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <Button type="submit" disabled={update.isPending}>
        {t('profile.save')}
      </Button>
    </form>
  );
}

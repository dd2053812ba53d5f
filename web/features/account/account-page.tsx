import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import {
  EMAIL_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
  type User,
} from '../../../common/schemas/auth.schema';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { LoadingState } from '../../components/ui/page-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useSessionUser } from '../../api/session';
import { applyFieldErrors } from '../../lib/api-errors';
import { toast } from '../../lib/toast';
import { useChangePassword, useUpdateProfile } from '../../api/account';
import { DataExportCard } from './data-export-card';
import { RecoveryEmailCard } from './recovery-email-card';
import { SessionsCard } from './sessions-card';
import { NativeSelect } from '../../components/ui/native-select';
import { PageHeader } from '../../components/ui/page-header';

type TFunction = ReturnType<typeof useTranslation>['t'];

/** Every IANA zone the browser knows, always including UTC and the user's current one. */
function timeZones(current: string): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: string) => string[] };
  const zones = new Set(intl.supportedValuesOf ? intl.supportedValuesOf('timeZone') : []);
  zones.add('UTC');
  zones.add(current);
  return [...zones].sort();
}

function profileSchema(t: TFunction) {
  const email = z.union([z.literal(''), z.email(t('errors.email')).max(EMAIL_MAX)]);
  return z.object({
    username: z
      .string()
      .min(USERNAME_MIN, t('errors.usernameLength', { min: USERNAME_MIN, max: USERNAME_MAX }))
      .max(USERNAME_MAX, t('errors.usernameLength', { min: USERNAME_MIN, max: USERNAME_MAX }))
      .regex(USERNAME_PATTERN, t('errors.usernameCharacters')),
    email,
    recoveryEmail: email,
    timeZone: z.string().min(1),
  });
}

function passwordSchema(t: TFunction) {
  return z
    .object({
      currentPassword: z.string().min(1, t('errors.currentRequired')),
      newPassword: z
        .string()
        .min(PASSWORD_MIN, t('errors.passwordMin', { min: PASSWORD_MIN }))
        .max(PASSWORD_MAX, t('errors.passwordMax', { max: PASSWORD_MAX })),
      confirmPassword: z.string(),
    })
    .refine((values) => values.newPassword === values.confirmPassword, { message: t('errors.mismatch'), path: ['confirmPassword'] });
}

function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const update = useUpdateProfile();
  const form = useForm({
    resolver: zodResolver(profileSchema(t)),
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

function PasswordForm() {
  const { t } = useTranslation('account');
  const change = useChangePassword();
  const form = useForm({
    resolver: zodResolver(passwordSchema(t)),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const submit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => {
        form.reset();
        toast({ title: t('security.changed'), description: t('security.otherSessions'), variant: 'success' });
      },
      onError: (error) => applyFieldErrors(t, error, form.setError, ['currentPassword', 'newPassword', 'confirmPassword']),
    }),
  );
  const errors = form.formState.errors;
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <input type="text" name="username" autoComplete="username" hidden readOnly />
      <FormField label={t('security.current')} error={errors.currentPassword?.message}>
        <Input {...form.register('currentPassword')} type="password" autoComplete="current-password" />
      </FormField>
      <FormField label={t('security.new')} error={errors.newPassword?.message} hint={t('security.newHint', { min: PASSWORD_MIN })}>
        <Input {...form.register('newPassword')} type="password" autoComplete="new-password" />
      </FormField>
      <FormField label={t('security.confirm')} error={errors.confirmPassword?.message}>
        <Input {...form.register('confirmPassword')} type="password" autoComplete="new-password" />
      </FormField>
      <Button type="submit" disabled={change.isPending}>
        {t('security.change')}
      </Button>
    </form>
  );
}

/** /account#security and /account#data open those tabs. */
function initialTab(hash: string): string {
  const tab = hash.replace('#', '');
  return tab === 'security' || tab === 'data' ? tab : 'profile';
}

/** /account: Profile, Security (password, signed-in devices, recovery email) and Your data (export) tabs (docs/product.md §2). */
export function AccountPage() {
  const { t } = useTranslation('account');
  const user = useSessionUser();
  const location = useLocation();
  const navigate = useNavigate();
  if (!user) return <LoadingState label={t('common:loading')} />;
  return (
    <section aria-labelledby="account-title" className="mx-auto max-w-xl">
      <PageHeader id="account-title" title={t('title')} className="mb-4" />
      <Tabs
        value={initialTab(location.hash)}
        // The tab is the address's hash, so a link to /account#data opens it even from another tab of this page.
        onValueChange={(tab) => void navigate({ hash: tab === 'profile' ? '' : tab }, { replace: true })}
      >
        <TabsList className="mb-4">
          <TabsTrigger value="profile">{t('profile.tab')}</TabsTrigger>
          <TabsTrigger value="security">{t('security.tab')}</TabsTrigger>
          <TabsTrigger value="data">{t('data.tab')}</TabsTrigger>
        </TabsList>
        <TabsContent value="profile">
          <Card>
            <ProfileForm user={user} />
          </Card>
        </TabsContent>
        <TabsContent value="security" className="space-y-4">
          <Card>
            <PasswordForm />
          </Card>
          <SessionsCard />
          <RecoveryEmailCard user={user} />
        </TabsContent>
        <TabsContent value="data">
          <DataExportCard />
        </TabsContent>
      </Tabs>
    </section>
  );
}

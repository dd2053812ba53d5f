import { zodResolver } from '@hookform/resolvers/zod';
import { Eye, EyeOff, GraduationCap } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN, USERNAME_PATTERN } from '../../../common/schemas/auth.schema';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { apiErrorMessage, readApiError } from '../../lib/api-errors';
import { useLogin, useRegister } from './auth.api';

type TFunction = ReturnType<typeof useTranslation>['t'];

function signInSchema(t: TFunction) {
  return z
    .object({ username: z.string(), password: z.string() })
    .refine((values) => values.username.trim() !== '' && values.password !== '', {
      message: t('auth:errors.credentialsRequired'),
      path: ['password'],
    });
}

function registerSchema(t: TFunction) {
  return z.object({
    username: z
      .string()
      .min(1, t('auth:errors.credentialsRequired'))
      .min(USERNAME_MIN, t('auth:errors.usernameLength', { min: USERNAME_MIN, max: USERNAME_MAX }))
      .max(USERNAME_MAX, t('auth:errors.usernameLength', { min: USERNAME_MIN, max: USERNAME_MAX }))
      .regex(USERNAME_PATTERN, t('auth:errors.usernameCharacters')),
    email: z.union([z.literal(''), z.email(t('auth:errors.emailInvalid')).max(EMAIL_MAX)]),
    password: z
      .string()
      .min(1, t('auth:errors.credentialsRequired'))
      .min(PASSWORD_MIN, t('auth:errors.passwordMin', { min: PASSWORD_MIN }))
      .max(PASSWORD_MAX, t('auth:errors.passwordMax', { max: PASSWORD_MAX })),
  });
}

/** Turns a failed auth call into a sentence in the user's language (docs/product.md §8 fallbacks). */
function authErrorMessage(t: TFunction, error: unknown, mode: 'login' | 'register'): string {
  const refusal = readApiError(error);
  if (refusal?.code === 'account_locked') return t('auth:errors.locked');
  if (refusal?.code === 'rate_limited') return t('auth:errors.rateLimited');
  if (refusal?.status === 401) return t('auth:errors.invalidCredentials');
  if (refusal?.status === 409) return t('auth:errors.usernameTaken');
  // Empty credentials never reach the server: both forms refuse them first (credentialsRequired).
  return apiErrorMessage(t, error, mode === 'login' ? t('auth:errors.loginFailed') : t('auth:errors.registrationFailed'));
}

function PasswordInput(props: React.InputHTMLAttributes<HTMLInputElement>) {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input {...props} type={visible ? 'text' : 'password'} className="pr-11" />
      <button
        type="button"
        onClick={() => setVisible((value) => !value)}
        className="absolute right-1 top-1 flex h-8 w-8 items-center justify-center rounded text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
        aria-label={visible ? t('hidePassword') : t('showPassword')}
        aria-pressed={visible}
      >
        {visible ? <EyeOff aria-hidden="true" className="h-4 w-4" /> : <Eye aria-hidden="true" className="h-4 w-4" />}
      </button>
    </div>
  );
}

function SignInForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('auth');
  const login = useLogin();
  const form = useForm({ resolver: zodResolver(signInSchema(t)), defaultValues: { username: '', password: '' } });
  const submit = form.handleSubmit((values) =>
    login.mutate({ username: values.username.trim(), password: values.password }, { onSuccess: onDone }),
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={t('signIn')}>
      <FormField label={t('username')} error={form.formState.errors.username?.message}>
        <Input {...form.register('username')} name="username" autoComplete="username" autoCapitalize="none" spellCheck={false} />
      </FormField>
      <FormField label={t('password')} error={form.formState.errors.password?.message}>
        <PasswordInput {...form.register('password')} name="password" autoComplete="current-password" />
      </FormField>
      {login.isError ? (
        <p role="alert" className="rounded-md bg-destructive/10 p-3 text-sm text-destructive">
          {authErrorMessage(t, login.error, 'login')}
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={login.isPending}>
        {login.isPending ? t('signingIn') : t('signIn')}
      </Button>
    </form>
  );
}

function RegisterForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('auth');
  const register = useRegister();
  const form = useForm({
    resolver: zodResolver(registerSchema(t)),
    defaultValues: { username: '', email: '', password: '' },
    mode: 'onTouched',
  });
  const submit = form.handleSubmit((values) =>
    register.mutate({ username: values.username, password: values.password, email: values.email || null }, { onSuccess: onDone }),
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={t('createAccount')}>
      <FormField
        label={t('username')}
        error={form.formState.errors.username?.message}
        hint={t('usernameHint', { min: USERNAME_MIN, max: USERNAME_MAX })}
      >
        <Input {...form.register('username')} name="username" autoComplete="username" autoCapitalize="none" spellCheck={false} />
      </FormField>
      <FormField label={t('emailOptional')} error={form.formState.errors.email?.message} hint={t('emailHint')}>
        <Input {...form.register('email')} name="email" type="email" autoComplete="email" />
      </FormField>
      <FormField label={t('password')} error={form.formState.errors.password?.message} hint={t('passwordHint', { min: PASSWORD_MIN })}>
        <PasswordInput {...form.register('password')} name="password" autoComplete="new-password" />
      </FormField>
      {register.isError ? (
        <p role="alert" className="rounded-md bg-destructive/10 p-3 text-sm text-destructive">
          {authErrorMessage(t, register.error, 'register')}
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={register.isPending}>
        {register.isPending ? t('creatingAccount') : t('createAccount')}
      </Button>
      <p className="text-xs text-muted-foreground">{t('trialNote')}</p>
      <p className="text-xs text-muted-foreground" data-testid="legal-agreement">
        <Trans
          t={t}
          i18nKey="legalAgreement"
          components={{
            terms: <Link to="/terms-conditions" className="font-medium text-primary underline underline-offset-2" />,
            privacy: <Link to="/privacy-policy" className="font-medium text-primary underline underline-offset-2" />,
          }}
        />
      </p>
    </form>
  );
}

/** /auth: sign in and register tabs. After success, back to where the guard sent the user from. */
export function AuthPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  const onDone = () => navigate(from && from.startsWith('/') && from !== '/auth' ? from : '/dashboard', { replace: true });
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-muted px-3 py-10">
      <Link to="/" className="mb-6 flex items-center gap-2 text-2xl font-bold text-foreground">
        <GraduationCap aria-hidden="true" className="h-8 w-8 text-primary" />
        StudyPilot
      </Link>
      <Card className="w-full max-w-md">
        <h1 className="mb-1 text-xl font-semibold">{t('welcome')}</h1>
        <p className="mb-5 text-sm text-muted-foreground">{t('subtitle')}</p>
        <Tabs defaultValue={location.hash === '#register' ? 'register' : 'signin'}>
          <TabsList className="mb-5">
            <TabsTrigger value="signin">{t('signIn')}</TabsTrigger>
            <TabsTrigger value="register">{t('register')}</TabsTrigger>
          </TabsList>
          <TabsContent value="signin">
            <SignInForm onDone={onDone} />
          </TabsContent>
          <TabsContent value="register">
            <RegisterForm onDone={onDone} />
          </TabsContent>
        </Tabs>
      </Card>
    </main>
  );
}

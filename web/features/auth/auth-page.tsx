import { GraduationCap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { SsoErrorNotice } from '../../components/sso-error-notice';
import { Card } from '../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { RegisterForm } from './register-form';
import { SignInForm } from './sign-in-form';
import { SsoSignIn } from './sso-sign-in';

/** /auth: sign in and register tabs. After success, back to where the guard sent the user from. */
export function AuthPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
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
        <SsoErrorNotice code={params.get('sso_error')} className="mb-4" />
        <Tabs defaultValue={location.hash === '#register' ? 'register' : 'signin'}>
          <TabsList className="mb-5">
            <TabsTrigger value="signin">{t('signIn')}</TabsTrigger>
            <TabsTrigger value="register">{t('register')}</TabsTrigger>
          </TabsList>
          <TabsContent value="signin">
            <SignInForm onDone={onDone} />
            <SsoSignIn />
          </TabsContent>
          <TabsContent value="register">
            <RegisterForm onDone={onDone} />
          </TabsContent>
        </Tabs>
      </Card>
    </main>
  );
}

import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useSessionUser } from '../../api/session';
import { Card } from '../../components/ui/card';
import { PageFrame } from '../../components/ui/page-frame';
import { LoadingState } from '../../components/ui/page-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { DataExportCard } from './data-export-card';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';
import { RecoveryEmailCard } from './recovery-email-card';
import { SessionsCard } from './sessions-card';
import { SsoCard } from './sso-card';

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
    <PageFrame page="/account">
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
          <SsoCard />
          <SessionsCard />
          <RecoveryEmailCard user={user} />
        </TabsContent>
        <TabsContent value="data">
          <DataExportCard />
        </TabsContent>
      </Tabs>
    </PageFrame>
  );
}

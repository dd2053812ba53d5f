import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DeferredToaster } from '../components/ui/deferred-toaster';

function TranslatedToaster() {
  const { t } = useTranslation();
  return <DeferredToaster closeLabel={t('close')} label={t('toasts.label')} regionLabel={t('toasts.region')} />;
}

/** Query cache, translations (suspending until the language's files arrive) and the toaster. */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={null}>
        {children}
        <TranslatedToaster />
      </Suspense>
    </QueryClientProvider>
  );
}

import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DeferredToaster } from '../components/ui/deferred-toaster';
import { createQueryClient } from '../lib/query-client';

function TranslatedToaster() {
  const { t } = useTranslation();
  return <DeferredToaster closeLabel={t('close')} label={t('toasts.label')} regionLabel={t('toasts.region')} />;
}

/** Query cache, translations (suspending until the language's files arrive) and the toaster. */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={null}>
        {children}
        <TranslatedToaster />
      </Suspense>
    </QueryClientProvider>
  );
}

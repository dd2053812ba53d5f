import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { ErrorState } from '../components/ui/page-state';
import { isChunkLoadError } from '../lib/chunk-load-error';

/**
 * What a route shows instead of React Router's own "Unexpected Application Error!" (untranslated, with a
 * stack trace) when its code failed to load or it threw while rendering (decision 238). Inside the shell
 * (`standalone` false) the shell's header and navigation stay, so the student can go elsewhere; at the
 * root, for the shell's own code, it is the whole page. Reloading fetches the current version: a page
 * whose chunk is gone was most often left open across a deploy.
 */
export function RouteErrorPage({ standalone = false }: { standalone?: boolean }) {
  const { t } = useTranslation('common');
  const error = useRouteError();
  const loadFailed = isChunkLoadError(error);
  useEffect(() => {
    // The error stays in the console for whoever debugs it; the page shows words, not a stack.
    console.error(error);
  }, [error]);
  const state = (
    <ErrorState
      title={t(loadFailed ? 'pageError.loadTitle' : 'pageError.crashTitle')}
      description={t(loadFailed ? 'pageError.loadDescription' : 'pageError.crashDescription')}
      retryLabel={t('pageError.reload')}
      onRetry={() => window.location.reload()}
    />
  );
  if (!standalone) return <div className="py-6">{state}</div>;
  return <main className="mx-auto flex min-h-screen max-w-xl flex-col justify-center p-6">{state}</main>;
}

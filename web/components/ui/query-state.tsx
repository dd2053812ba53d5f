import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from './page-state';

/** The part of a TanStack query result the gate reads. */
type GateQuery = { isPending: boolean; isError: boolean; refetch: () => unknown };

/**
 * The one pending/error block every screen shows before its data: while any query is pending, the
 * loading state; when any failed, the error state whose retry refetches them all; then `children`.
 * Pass a function to build the content only once the data is there, or use it as the early return
 * of a component (`if (!query.isSuccess) return <QueryState queries={[query]} />;`) so TypeScript
 * narrows `query.data`. `messages` overrides the default common:* strings (the study screens' own).
 */
export function QueryState({
  queries,
  children,
  messages,
}: {
  queries: readonly GateQuery[];
  children?: ReactNode | (() => ReactNode);
  messages?: { loading?: string; errorTitle?: string; errorDescription?: string; retry?: string };
}) {
  const { t } = useTranslation();
  if (queries.some((query) => query.isPending)) return <LoadingState label={messages?.loading ?? t('common:loading')} />;
  if (queries.some((query) => query.isError)) {
    return (
      <ErrorState
        title={messages?.errorTitle ?? t('common:errors.loadTitle')}
        description={messages?.errorDescription ?? t('common:errors.loadDescription')}
        retryLabel={messages?.retry ?? t('common:retry')}
        onRetry={() => queries.forEach((query) => void query.refetch())}
      />
    );
  }
  return typeof children === 'function' ? children() : (children ?? null);
}

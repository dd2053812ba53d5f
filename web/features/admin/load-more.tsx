import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';

/** The next keyset page of an admin list, when there is one. */
export function LoadMore({ query }: { query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown } }) {
  const { t } = useTranslation('admin');
  if (!query.hasNextPage) return null;
  return (
    <div className="flex justify-center">
      <Button
        variant="outline"
        aria-disabled={query.isFetchingNextPage || undefined}
        onClick={() => !query.isFetchingNextPage && void query.fetchNextPage()}
      >
        {t('loadMore')}
      </Button>
    </div>
  );
}

import { Trans } from '@lingui/react/macro';
import { Button } from '../../../ui/widgets.tsx';
import * as styles from '../profile.css.ts';

/** Below a paged list: "Load more" while there is more (with Retry after a failure), else the end. */
export function ListFooter({ hasMore, loadingMore, moreFailed, onLoadMore }: { hasMore: boolean; loadingMore: boolean; moreFailed: boolean; onLoadMore: () => void }) {
  if (!hasMore) {
    return (
      <p className={styles.more}>
        <Trans>You have reached the end.</Trans>
      </p>
    );
  }
  return (
    <div className={styles.more}>
      <Button variant="soft" block busy={loadingMore} onClick={onLoadMore} data-action="load-more">
        {moreFailed ? <Trans>Could not load more. Retry</Trans> : <Trans>Load more</Trans>}
      </Button>
    </div>
  );
}

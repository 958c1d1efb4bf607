import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useRef, useState } from 'react';
import { call } from '../../api/commandBus.ts';
import { usePullToRefresh } from '../../ui/usePullToRefresh.ts';
import { Button } from '../../ui/widgets.tsx';
import { EmptyState, ErrorState, PullIndicator, SkeletonRows } from '../../ui/LoadStates.tsx';
import * as styles from './news.css.ts';
import { type NewsItem, NewsItemRow } from './NewsItemRow.tsx';
import { useNewsLanguage } from './newsLanguage.ts';

/** The contract caps the page number; nobody scrolls 1,000 pages of news. */
const pageNumberMax = 1000;

type Feed = { items: NewsItem[]; nextPage: number; hasMore: boolean; status: 'loading' | 'ready' | 'failed'; loadingMore: boolean; moreFailed: boolean };
const initialFeed: Feed = { items: [], nextPage: 1, hasMore: true, status: 'loading', loadingMore: false, moreFailed: false };

/** /home/newsList: newest first, a page at a time; pull down to start again from the newest. */
export function NewsListPage() {
  const { t } = useLingui();
  const [feed, setFeed] = useState<Feed>(initialFeed);
  const generation = useRef(0);
  const firstPageSize = useRef(0);
  const lang = useNewsLanguage();

  const loadPage = useCallback((page: number) => {
    const current = ++generation.current;
    setFeed((shown) => (page === 1 ? { ...shown, status: shown.items.length > 0 ? 'ready' : 'loading', moreFailed: false } : { ...shown, loadingMore: true, moreFailed: false }));
    call('news/list', { page, lang }, { silent: true }).then(
      (items) => {
        if (current !== generation.current) return;
        if (page === 1) firstPageSize.current = items.length;
        // A page shorter than the first is the last one; an empty page certainly is.
        const hasMore = items.length > 0 && items.length >= firstPageSize.current && page < pageNumberMax;
        setFeed((shown) => ({
          items: page === 1 ? items : [...shown.items, ...items.filter((item) => !shown.items.some((known) => known.id === item.id))],
          nextPage: page + 1,
          hasMore,
          status: 'ready',
          loadingMore: false,
          moreFailed: false,
        }));
      },
      () => {
        if (current !== generation.current) return;
        setFeed((shown) => (page === 1 && shown.items.length === 0 ? { ...shown, status: 'failed' } : { ...shown, loadingMore: false, moreFailed: page > 1 }));
      },
    );
  }, [lang]);

  useEffect(() => {
    loadPage(1);
    return () => {
      generation.current += 1;
    };
  }, [loadPage]);
  const pullPx = usePullToRefresh(() => loadPage(1));

  if (feed.status === 'loading') return <SkeletonRows count={6} />;
  if (feed.status === 'failed') return <ErrorState title={t`The news could not be loaded.`} onRetry={() => loadPage(1)} />;
  if (feed.items.length === 0) return <EmptyState icon="info" title={t`No news yet`} text={t`Market news will appear here.`} />;

  return (
    <div className={styles.page}>
      <PullIndicator pullPx={pullPx} />
      <ul className={styles.list}>
        {feed.items.map((item) => (
          <NewsItemRow key={item.id} item={item} />
        ))}
      </ul>
      <div className={styles.more}>
        {feed.hasMore ? (
          <Button variant="secondary" busy={feed.loadingMore} onClick={() => loadPage(feed.nextPage)}>
            {feed.moreFailed ? <Trans>Could not load more. Retry</Trans> : <Trans>Load more</Trans>}
          </Button>
        ) : (
          <span className={styles.meta}>
            <Trans>You have reached the end.</Trans>
          </span>
        )}
      </div>
    </div>
  );
}

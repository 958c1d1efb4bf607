import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useLoad } from '../../ui/useLoad.ts';
import { usePullToRefresh } from '../../ui/usePullToRefresh.ts';
import { Button } from '../../ui/widgets.tsx';
import { LoadStates, PullIndicator } from '../market/shared/LoadStates.tsx';
import * as styles from './funding.css.ts';

// A server-paged list (10 a page, contract/paging.ts): the first page with its loading,
// error and empty states, later pages appended by "Load more" or by scrolling near the
// end, and pull-to-refresh starting over from page 1.

export type Page<T> = { items: T[]; total: number; page: number; page_size: number };

/** Start fetching the next page this far before its end comes into view (the spec's list load offset). */
const loadAheadPx = 300;

type PagedListProps<T> = {
  loadPage: (page: number) => Promise<Page<T>>;
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  errorTitle: string;
  empty: ReactNode;
  /** Something shown above the rows once the first page is there. */
  header?: ReactNode;
};

export function PagedList<T>({ loadPage, itemKey, renderItem, errorTitle, empty, header }: PagedListProps<T>) {
  const { t } = useLingui();
  const load = useRef(loadPage);
  load.current = loadPage;
  const first = useLoad(useCallback(() => load.current(1), []));
  const [more, setMore] = useState<{ items: T[]; lastPage: number; lastCount: number }>({ items: [], lastPage: 1, lastCount: 0 });
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  // An answer for a list that has since been refreshed is dropped.
  const generation = useRef(0);
  const busy = useRef(false);

  const refresh = () => {
    generation.current += 1;
    busy.current = false;
    setLoadingMore(false);
    setMoreFailed(false);
    setMore({ items: [], lastPage: 1, lastCount: 0 });
    first.reload();
  };
  const pullPx = usePullToRefresh(refresh);

  const firstPage = first.state.status === 'ready' ? first.state.data : null;
  const shown = firstPage ? firstPage.items.length + more.items.length : 0;
  const lastCount = more.lastPage === 1 ? (firstPage?.items.length ?? 0) : more.lastCount;
  // Done when everything counted is shown, or a page came back short (rows deleted meanwhile).
  const exhausted = firstPage !== null && (shown >= firstPage.total || lastCount < firstPage.page_size);

  const loadMore = () => {
    if (busy.current || exhausted || firstPage === null) return;
    busy.current = true;
    const current = generation.current;
    const nextPage = more.lastPage + 1;
    setLoadingMore(true);
    setMoreFailed(false);
    load.current(nextPage).then(
      (page) => {
        if (current !== generation.current) return;
        busy.current = false;
        setLoadingMore(false);
        setMore((previous) => {
          // New rows arriving between two page reads shift the pages: skip a row already shown.
          const seen = new Set([...firstPage.items, ...previous.items].map(itemKey));
          return { items: [...previous.items, ...page.items.filter((item) => !seen.has(itemKey(item)))], lastPage: nextPage, lastCount: page.items.length };
        });
      },
      () => {
        if (current !== generation.current) return;
        busy.current = false;
        setLoadingMore(false);
        setMoreFailed(true);
      },
    );
  };
  const loadMoreRef = useRef(loadMore);
  loadMoreRef.current = loadMore;

  return (
    <div className={styles.listPage}>
      <PullIndicator pullPx={pullPx} />
      <LoadStates state={first.state} onRetry={refresh} errorTitle={errorTitle} isEmpty={(page) => page.items.length === 0} empty={empty}>
        {(page) => (
          <>
            {header}
            {[...page.items, ...more.items].map((item) => (
              <div key={itemKey(item)}>{renderItem(item)}</div>
            ))}
            <div className={styles.listFooter}>
              {exhausted ? (
                <p className={styles.muted}>
                  <Trans>No more records</Trans>
                </p>
              ) : (
                <>
                  <EndSentinel onVisible={() => !moreFailed && loadMoreRef.current()} />
                  <Button variant="soft" block busy={loadingMore} onClick={loadMore} data-action="load-more">
                    {moreFailed ? t`Could not load more. Try again` : t`Load more`}
                  </Button>
                </>
              )}
            </div>
          </>
        )}
      </LoadStates>
    </div>
  );
}

/** Calls `onVisible` when the end of the list comes near the screen: infinite scroll where the browser supports it. */
function EndSentinel({ onVisible }: { onVisible: () => void }) {
  const element = useRef<HTMLDivElement>(null);
  const callback = useRef(onVisible);
  callback.current = onVisible;
  useEffect(() => {
    const node = element.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && callback.current(), { rootMargin: `${loadAheadPx}px` });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return <div ref={element} aria-hidden="true" />;
}

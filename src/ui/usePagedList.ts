import { useCallback, useMemo, useRef, useState } from 'react';
import { type Loadable, useLoad } from './useLoad.ts';

export interface PagedList<T> {
  /** Every item loaded so far: page 1 while loading or failed, then the pages appended below it. */
  state: Loadable<T[]>;
  /** Starts over from page 1 (pull-to-refresh, after an action). */
  reload: () => void;
  /** Asks for the next page; ignored while one is loading or after the last. */
  loadMore: () => void;
  loadingMore: boolean;
  /** The last page came back short: there is nothing more to load. */
  exhausted: boolean;
}

/**
 * A list the server hands out a page at a time. The first page shows loading / failed like
 * any read; later pages append as the user scrolls; a short page is the last. A reload
 * discards the appended pages, and an answer for a list that was reloaded meanwhile is dropped.
 */
export function usePagedList<T>(loadPage: (page: number) => Promise<T[]>, pageSize: number): PagedList<T> {
  const loadRef = useRef(loadPage);
  loadRef.current = loadPage;
  const first = useLoad(useCallback(() => loadRef.current(1), []));
  const [more, setMore] = useState<T[][]>([]);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreExhausted, setMoreExhausted] = useState(false);
  const generation = useRef(0);

  const reload = useCallback(() => {
    generation.current += 1;
    setMore([]);
    setMoreExhausted(false);
    setLoadingMore(false);
    first.reload();
  }, [first.reload]);

  const firstPage = first.state.status === 'ready' ? first.state.data : null;
  const exhausted = (firstPage !== null && firstPage.length < pageSize) || moreExhausted;

  const loadMore = () => {
    if (loadingMore || exhausted || firstPage === null) return;
    const current = generation.current;
    setLoadingMore(true);
    loadRef.current(more.length + 2).then(
      (items) => {
        if (current !== generation.current) return;
        setLoadingMore(false);
        if (items.length < pageSize) setMoreExhausted(true);
        if (items.length > 0) setMore((pages) => [...pages, items]);
      },
      () => {
        if (current === generation.current) setLoadingMore(false);
      },
    );
  };

  const state = useMemo<Loadable<T[]>>(() => (firstPage === null ? first.state : { status: 'ready', data: [firstPage, ...more].flat() }), [first.state, firstPage, more]);
  return { state, reload, loadMore, loadingMore, exhausted };
}

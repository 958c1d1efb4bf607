import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Loadable } from './useLoad.ts';

// One hook for every list the server hands out a page at a time (orders, fund records,
// deposits, withdrawals, messages, account activity): the first page on open with its
// loading and failed states, the next page on "Load more" or when the end scrolls into
// view, page 1 again on pull-to-refresh. What is on screen stays while a refresh runs, a
// late answer to a request made before a refresh is dropped, and an item that moved to a
// later page because new ones arrived is not shown twice.

/** A page as the server sends it; `total` when it counts (contract/paging.ts), else a short page is the last. */
export type ListPage<Item> = { items: readonly Item[]; total?: number };

export interface PagedList<Item> {
  /** Every item loaded so far. */
  state: Loadable<Item[]>;
  exhausted: boolean;
  loadingMore: boolean;
  moreFailed: boolean;
  reload: () => void;
  loadMore: () => void;
  /** Changes the items on screen after a command the server confirmed (a message marked read). */
  update: (change: (items: Item[]) => Item[]) => void;
}

type Shown<Item> = {
  status: 'loading' | 'ready' | 'failed';
  items: Item[];
  nextPage: number;
  exhausted: boolean;
  loadingMore: boolean;
  moreFailed: boolean;
};

export function usePagedList<Item, Page extends ListPage<Item> = ListPage<Item>>(
  loadPage: (page: number) => Promise<Page>,
  { pageSize, keyOf }: { pageSize: number; keyOf: (item: Item) => string },
): PagedList<Item> {
  const [shown, setShown] = useState<Shown<Item>>({ status: 'loading', items: [], nextPage: 1, exhausted: false, loadingMore: false, moreFailed: false });
  const loadRef = useRef(loadPage);
  loadRef.current = loadPage;
  const keyRef = useRef(keyOf);
  keyRef.current = keyOf;
  const shownRef = useRef(shown);
  shownRef.current = shown;
  const generation = useRef(0);

  const fetchPage = useCallback(
    (page: number) => {
      const current = page === 1 ? ++generation.current : generation.current;
      if (page > 1) setShown((previous) => ({ ...previous, loadingMore: true, moreFailed: false }));
      loadRef.current(page).then(
        (answer) => {
          if (current !== generation.current) return;
          setShown((previous) => {
            const kept = page === 1 ? [] : previous.items;
            const seen = new Set(kept.map(keyRef.current));
            const items = [...kept, ...answer.items.filter((item) => !seen.has(keyRef.current(item)))];
            // With a count, the list ends when everything counted is shown (or a page comes back empty); without one, at a short page.
            const exhausted = answer.total !== undefined ? items.length >= answer.total || answer.items.length === 0 : answer.items.length < pageSize;
            return { status: 'ready', items, nextPage: page + 1, exhausted, loadingMore: false, moreFailed: false };
          });
        },
        () => {
          if (current !== generation.current) return;
          setShown((previous) =>
            page > 1 ? { ...previous, loadingMore: false, moreFailed: true } : previous.status === 'ready' ? previous : { ...previous, status: 'failed' },
          );
        },
      );
    },
    [pageSize],
  );

  useEffect(() => {
    fetchPage(1);
    return () => {
      // A late answer for an unmounted list is ignored.
      generation.current += 1;
    };
  }, [fetchPage]);

  const reload = useCallback(() => fetchPage(1), [fetchPage]);
  const loadMore = useCallback(() => {
    const { status, exhausted, loadingMore, nextPage } = shownRef.current;
    if (status !== 'ready' || exhausted || loadingMore) return;
    fetchPage(nextPage);
  }, [fetchPage]);
  const update = useCallback((change: (items: Item[]) => Item[]) => setShown((previous) => ({ ...previous, items: change(previous.items) })), []);

  const state = useMemo<Loadable<Item[]>>(() => (shown.status === 'ready' ? { status: 'ready', data: shown.items } : { status: shown.status }), [shown.status, shown.items]);
  return { state, exhausted: shown.exhausted, loadingMore: shown.loadingMore, moreFailed: shown.moreFailed, reload, loadMore, update };
}

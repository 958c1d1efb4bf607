import { useCallback, useEffect, useRef, useState } from 'react';

// A list the server sends ten items a page with its total (messages, account activity):
// the first page on open, the next one on "Load more", page 1 again on pull-to-refresh.
// What is on screen stays while a refresh runs, and a late answer from an older request
// is dropped, so a slow page 2 cannot land after a refresh.

export type ItemPage<Item> = { items: Item[]; total: number; page: number; page_size: number };

export type PagedItems<Item, Page> = {
  status: 'loading' | 'ready' | 'failed';
  items: Item[];
  /** The latest page as received (for extra fields such as the unread count). */
  latest: Page | null;
  hasMore: boolean;
  loadingMore: boolean;
  moreFailed: boolean;
  refresh: () => void;
  loadMore: () => void;
  /** Changes items on screen after a command the server confirmed (e.g. marked read). */
  update: (change: (items: Item[]) => Item[]) => void;
};

type State<Item, Page> = Omit<PagedItems<Item, Page>, 'hasMore' | 'refresh' | 'loadMore' | 'update'> & { nextPage: number; total: number };

export function usePagedItems<Item extends { id: string }, Page extends ItemPage<Item>>(load: (page: number) => Promise<Page>): PagedItems<Item, Page> {
  const [state, setState] = useState<State<Item, Page>>({ status: 'loading', items: [], latest: null, loadingMore: false, moreFailed: false, nextPage: 1, total: 0 });
  const generation = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const stateRef = useRef(state);
  stateRef.current = state;

  const fetchPage = useCallback((page: number) => {
    const current = page === 1 ? ++generation.current : generation.current;
    if (page > 1) setState((shown) => ({ ...shown, loadingMore: true, moreFailed: false }));
    loadRef.current(page).then(
      (answer) => {
        if (current !== generation.current) return;
        setState((shown) => {
          // Items that arrived meanwhile shift later pages: never show one item twice.
          const known = page === 1 ? [] : shown.items;
          const fresh = answer.items.filter((item) => !known.some((shownItem) => shownItem.id === item.id));
          return { status: 'ready', items: [...known, ...fresh], latest: answer, loadingMore: false, moreFailed: false, nextPage: page + 1, total: answer.total };
        });
      },
      () => {
        if (current !== generation.current) return;
        setState((shown) =>
          page === 1 ? (shown.status === 'ready' ? shown : { ...shown, status: 'failed' }) : { ...shown, loadingMore: false, moreFailed: true },
        );
      },
    );
  }, []);

  useEffect(() => {
    fetchPage(1);
    return () => {
      generation.current += 1;
    };
  }, [fetchPage]);

  const refresh = useCallback(() => fetchPage(1), [fetchPage]);
  const loadMore = useCallback(() => {
    if (stateRef.current.loadingMore) return;
    fetchPage(stateRef.current.nextPage);
  }, [fetchPage]);
  const update = useCallback((change: (items: Item[]) => Item[]) => setState((shown) => ({ ...shown, items: change(shown.items) })), []);

  return {
    status: state.status,
    items: state.items,
    latest: state.latest,
    hasMore: state.items.length < state.total,
    loadingMore: state.loadingMore,
    moreFailed: state.moreFailed,
    refresh,
    loadMore,
    update,
  };
}

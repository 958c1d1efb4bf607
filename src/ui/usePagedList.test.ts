// Proves a paged list: page 1 loads on mount, loadMore appends the next page, a short page
// (or reaching the total) ends the list, an item pushed to a later page is not shown twice,
// a failed page can be retried, and a reload starts over and drops an answer it no longer wants.
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ListPage, usePagedList } from './usePagedList.ts';

function pagedSource(pages: ListPage<string>[], failing: number[] = []) {
  const asked: number[] = [];
  const waiting: (() => void)[] = [];
  const load = (page: number) => {
    asked.push(page);
    return new Promise<ListPage<string>>((resolve, reject) =>
      waiting.push(() => (failing.includes(page) ? reject(new Error('offline')) : resolve(pages[page - 1] ?? { items: [] }))),
    );
  };
  const answerAll = () => {
    for (const answer of waiting.splice(0)) answer();
  };
  return { load, asked, answerAll };
}

const options = { pageSize: 2, keyOf: (item: string) => item };

describe('usePagedList', () => {
  it('loads-more-pages-until-a-short-one-and-reload-starts-over', async () => {
    const source = pagedSource([{ items: ['a', 'b'] }, { items: ['c', 'd'] }, { items: ['e'] }]);
    const { result } = renderHook(() => usePagedList(source.load, options));
    expect(result.current.state.status).toBe('loading');
    await act(async () => source.answerAll());
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', data: ['a', 'b'] }));

    act(() => result.current.loadMore());
    act(() => result.current.loadMore()); // ignored while a page is loading
    expect(result.current.loadingMore).toBe(true);
    await act(async () => source.answerAll());
    act(() => result.current.loadMore());
    await act(async () => source.answerAll());
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', data: ['a', 'b', 'c', 'd', 'e'] }));
    expect(result.current.exhausted).toBe(true);
    act(() => result.current.loadMore());
    expect(source.asked).toEqual([1, 2, 3]);

    act(() => result.current.reload());
    await act(async () => source.answerAll());
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', data: ['a', 'b'] }));
    expect(result.current.exhausted).toBe(false);
  });

  it('the-total-ends-the-list-and-an-item-pushed-to-the-next-page-is-shown-once', async () => {
    // A new item arrived between the two reads: 'b' is on both pages.
    const source = pagedSource([{ items: ['a', 'b'], total: 3 }, { items: ['b', 'c'], total: 3 }]);
    const { result } = renderHook(() => usePagedList(source.load, options));
    await act(async () => source.answerAll());
    act(() => result.current.loadMore());
    await act(async () => source.answerAll());
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', data: ['a', 'b', 'c'] }));
    expect(result.current.exhausted).toBe(true);
  });

  it('a-failed-page-keeps-what-is-shown-and-can-be-retried', async () => {
    const source = pagedSource([{ items: ['a', 'b'] }, { items: ['c'] }], [2]);
    const { result } = renderHook(() => usePagedList(source.load, options));
    await act(async () => source.answerAll());
    act(() => result.current.loadMore());
    await act(async () => source.answerAll());
    await waitFor(() => expect(result.current.moreFailed).toBe(true));
    expect(result.current.state).toEqual({ status: 'ready', data: ['a', 'b'] });
    act(() => result.current.update((items) => items.map((item) => item.toUpperCase())));
    expect(result.current.state).toEqual({ status: 'ready', data: ['A', 'B'] });
  });

  it('a-page-that-arrives-after-a-reload-is-dropped', async () => {
    const source = pagedSource([{ items: ['a', 'b'] }, { items: ['c', 'd'] }]);
    const { result } = renderHook(() => usePagedList(source.load, options));
    await act(async () => source.answerAll());
    await waitFor(() => expect(result.current.state.status).toBe('ready'));
    act(() => result.current.loadMore());
    act(() => result.current.reload());
    await act(async () => source.answerAll());
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', data: ['a', 'b'] }));
  });
});

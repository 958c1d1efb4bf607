// Proves a paged list: page 1 loads on mount, loadMore appends the next page, a short page
// ends the list, and a reload starts over from page 1 and drops an answer it no longer wants.
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePagedList } from './usePagedList.ts';

function pagedSource(pages: string[][]) {
  const asked: number[] = [];
  const resolvers: (() => void)[] = [];
  const load = (page: number) => {
    asked.push(page);
    return new Promise<string[]>((resolve) => resolvers.push(() => resolve(pages[page - 1] ?? [])));
  };
  const answerAll = () => {
    for (const resolve of resolvers.splice(0)) resolve();
  };
  return { load, asked, answerAll };
}

describe('usePagedList', () => {
  it('loads-more-pages-until-a-short-one-and-reload-starts-over', async () => {
    const source = pagedSource([['a', 'b'], ['c', 'd'], ['e']]);
    const { result } = renderHook(() => usePagedList(source.load, 2));
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

  it('a-page-that-arrives-after-a-reload-is-dropped', async () => {
    const source = pagedSource([['a', 'b'], ['c', 'd']]);
    const { result } = renderHook(() => usePagedList(source.load, 2));
    await act(async () => source.answerAll());
    await waitFor(() => expect(result.current.state.status).toBe('ready'));
    act(() => result.current.loadMore());
    act(() => result.current.reload());
    await act(async () => source.answerAll());
    await waitFor(() => expect(result.current.state).toEqual({ status: 'ready', data: ['a', 'b'] }));
  });
});

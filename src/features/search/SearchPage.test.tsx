// Proves search finds stocks as the user types (one debounced request), and that the star
// on a result adds it to the watchlist through user/addOptional and then shows as pressed.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { recording } from '../market/testing/marketFixtures.ts';
import { answerOk, server } from '../../test/mswServer.ts';
import { renderPage } from '../../test/renderPage.tsx';
import { resetWatchlistState } from '../watchlist/watchlistStore.ts';
import { SearchPage } from './SearchPage.tsx';

const reliance = { code: 'RELIANCE', name: 'Reliance Industries', kind: 'equity', currency: 'INR' } as const;

beforeEach(() => resetWatchlistState());

describe('SearchPage', () => {
  it('typing-a-code-shows-matches-and-the-star-adds-to-the-watchlist', async () => {
    const search = recording('stock/search', () => [reliance, { code: 'RELINFRA', name: 'Reliance Infrastructure', kind: 'equity', currency: 'INR' }]);
    const add = recording('user/addOptional', (body) => [{ symbol: String(body.code) }]);
    server.use(
      answerOk('stock/searchHistory', []),
      answerOk('user/Optionallist', []),
      search.handler,
      add.handler,
    );
    const { container } = renderPage(SearchPage, '/favorite/search');

    const input = (await screen.findByRole('searchbox')) as HTMLInputElement;
    expect(input.name).toBe('keyword');
    fireEvent.change(input, { target: { value: 'R' } });
    fireEvent.change(input, { target: { value: 'REL' } });
    await waitFor(() => expect(container.querySelector('[data-code=RELIANCE]')).not.toBeNull());
    // The debounce sent one request for the last keyword only.
    expect(search.bodies).toEqual([{ keyword: 'REL' }]);
    expect(screen.getByText('Reliance Infrastructure')).toBeTruthy();

    const row = container.querySelector('[data-code=RELIANCE]') as HTMLElement;
    const star = within(row).getByRole('button', { name: 'Add RELIANCE to watchlist' });
    expect(star.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(star);
    await waitFor(() => expect(within(row).getByRole('button', { name: 'Remove RELIANCE from watchlist' }).getAttribute('aria-pressed')).toBe('true'));
    expect(add.bodies).toEqual([{ code: 'RELIANCE' }]);
  });

  it('recently-viewed-shows-and-clears', async () => {
    const clear = recording('stock/clearSearchHistory', () => null);
    let history = [reliance];
    server.use(
      answerOk('user/Optionallist', [{ symbol: 'RELIANCE' }]),
      clear.handler,
    );
    // After a clear the server has nothing left.
    server.use(http.post('*/api/vue/stock/searchHistory', () => HttpResponse.json({ status: 1, msg: 'ok', data: history })));
    const { container } = renderPage(SearchPage, '/favorite/search');
    await waitFor(() => expect(container.querySelector('[data-code=RELIANCE]')).not.toBeNull());
    // Already watched: the star starts pressed.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove RELIANCE from watchlist' }).getAttribute('aria-pressed')).toBe('true'));
    history = [];
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('Stocks you open appear here.')).toBeTruthy();
    expect(clear.bodies).toHaveLength(1);
  });

  it('no-match-says-so', async () => {
    server.use(answerOk('stock/searchHistory', []), answerOk('user/Optionallist', []), answerOk('stock/search', []));
    renderPage(SearchPage, '/favorite/search');
    fireEvent.change(await screen.findByRole('searchbox'), { target: { value: 'ZZZZ' } });
    expect(await screen.findByText('No matches for “ZZZZ”')).toBeTruthy();
  });
});

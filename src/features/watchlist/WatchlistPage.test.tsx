// Proves the watchlist shows the user's codes with their quotes, offers search when it is
// empty, and removes a stock through user/delOptional (the row disappears).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { VirtuosoMockContext } from 'react-virtuoso';
import { beforeEach, describe, expect, it } from 'vitest';
import { marketStatusAnswer, quoteRow, recording } from '../market/testing/marketFixtures.ts';
import { answerOk, server } from '../../test/mswServer.ts';
import { renderPage } from '../../test/renderPage.tsx';
import { WatchlistPage } from './WatchlistPage.tsx';
import { resetWatchlistState } from './watchlistStore.ts';

// happy-dom has no layout: tell the virtualised list how big its viewport and rows are.
const WatchlistWithViewport = () => (
  <VirtuosoMockContext.Provider value={{ viewportHeight: 800, itemHeight: 62 }}>
    <WatchlistPage />
  </VirtuosoMockContext.Provider>
);

beforeEach(() => resetWatchlistState());

describe('WatchlistPage', () => {
  it('empty-watchlist-links-to-search', async () => {
    server.use(marketStatusAnswer, answerOk('user/Optionallist', []));
    renderPage(WatchlistWithViewport, '/favorite/index');
    expect(await screen.findByText('Your watchlist is empty')).toBeTruthy();
    const link = screen.getByRole('link', { name: /search stocks/i });
    expect(link.getAttribute('href')).toContain('/favorite/search');
  });

  it('shows-quotes-and-removing-a-stock-calls-delOptional', async () => {
    const remove = recording('user/delOptional', () => [{ symbol: 'TCS' }]);
    server.use(
      marketStatusAnswer,
      answerOk('user/Optionallist', [{ symbol: 'INFY' }, { symbol: 'TCS' }]),
      answerOk('stock/quotes', [quoteRow('INFY', { name: 'Infosys', last: '1530.40', changeRateBps: -85, change: '-13.10' }), quoteRow('TCS', { name: 'Tata Consultancy Services' })]),
      remove.handler,
    );
    const { container } = renderPage(WatchlistWithViewport, '/favorite/index');
    expect(await screen.findByText('Infosys')).toBeTruthy();
    const infy = container.querySelector('[data-code=INFY]') as HTMLElement;
    expect(within(infy).getByText('1,530.40')).toBeTruthy();
    expect(within(infy).getByText('-0.85%')).toBeTruthy();

    fireEvent.click(within(infy).getByRole('button', { name: 'Remove INFY from watchlist', hidden: false }));
    await waitFor(() => expect(container.querySelector('[data-code=INFY]')).toBeNull());
    expect(remove.bodies).toEqual([{ code: 'INFY' }]);
    expect(container.querySelector('[data-code=TCS]')).not.toBeNull();
  });

  it('a-failed-load-offers-retry', async () => {
    server.use(marketStatusAnswer, http.post('*/api/vue/user/Optionallist', () => HttpResponse.error()));
    renderPage(WatchlistWithViewport, '/favorite/index');
    expect(await screen.findByRole('button', { name: /retry/i })).toBeTruthy();
  });
});

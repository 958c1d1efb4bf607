// Proves each route's search schema: a numeric code (the router parses "?code=500325" as a
// number) reads as text, a lower-case code as the server would read it, and anything missing,
// unknown or malformed (old links, typos) as its default instead of an error; that the real
// app router validates with them; and that switching a tab writes only what the user chose.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { createMemoryHistory } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { startSession } from '../features/auth/sessionStore.ts';
import { renderPage } from '../test/renderPage.tsx';
import { createAppRouter } from './router.tsx';
import { chartSearch, courseSearch, depositSearch, fundRecordsSearch, fundSearch, instrumentSearch, marketSearch, newsArticleSearch, orderDetailSearch, orderSheetSearch, registerSearch } from './routeSearch.ts';
import { routeTable } from './routeTable.ts';

describe('route search params', () => {
  it('a-numeric-code-reads-as-text-and-a-lower-case-one-as-the-server-reads-it', () => {
    expect(instrumentSearch.schema.parse({ code: 500325 })).toMatchObject({ code: '500325' });
    expect(orderSheetSearch.schema.parse({ code: ' reliance ' })).toEqual({ code: 'RELIANCE', side: 'long' });
    expect(orderSheetSearch.schema.parse({ code: 'M&M', side: 'short' })).toEqual({ code: 'M&M', side: 'short' });
  });

  it('missing-unknown-or-malformed-values-read-as-their-defaults', () => {
    expect(orderSheetSearch.schema.parse({})).toEqual({ code: undefined, side: 'long' });
    expect(orderSheetSearch.schema.parse({ code: 'not a code!', side: 'sideways' })).toEqual({ code: undefined, side: 'long' });
    expect(instrumentSearch.schema.parse({ code: { nested: true }, period: '2m', adjust: 7 })).toEqual({ code: undefined, period: 'time_share', adjust: 'forward' });
    expect(chartSearch.schema.parse({ period: 'week', adjust: 'none' })).toEqual({ period: 'week', adjust: 'none' });
    expect(marketSearch.schema.parse({ tab: 'bonds', rank: 'losers' })).toEqual({ tab: 'quotes', rank: 'losers' });
    expect(fundRecordsSearch.schema.parse({ kind: 'loans' })).toEqual({ kind: 'all' });
    expect(depositSearch.schema.parse({ tab: 'history', channel: 4 })).toEqual({ tab: 'history', channel: '4' });
    expect(depositSearch.schema.parse({ channel: '0' })).toEqual({ tab: 'deposit', channel: undefined });
    expect(courseSearch.schema.parse({ lesson: 'nav', view: 'exam' })).toEqual({ lesson: 'nav', view: 'exam' });
    expect(courseSearch.schema.parse({ lesson: 'get_rich_quick', view: 7 })).toEqual({ lesson: undefined, view: 'lessons' });
  });

  it('an-order-number-or-article-id-is-digits-and-a-number-too-big-to-be-exact-is-refused', () => {
    expect(orderDetailSearch.schema.parse({ order_no: 77 })).toEqual({ order_no: '77' });
    expect(orderDetailSearch.schema.parse({ order_no: '12abc' })).toEqual({ order_no: undefined });
    // JSON.parse would already have rounded it: reading it as another order would be worse than none.
    expect(orderDetailSearch.schema.parse({ order_no: 2 ** 60 })).toEqual({ order_no: undefined });
    expect(newsArticleSearch.schema.parse({ id: 42 })).toEqual({ id: '42' });
    expect(fundSearch.schema.parse({ fund_id: 2 })).toEqual({ fund_id: '2' });
    expect(fundSearch.schema.parse({ fund_id: 'two' })).toEqual({ fund_id: undefined });
    expect(registerSearch.schema.parse({ invite_code: 'X'.repeat(40) }).invite_code).toHaveLength(32);
    expect(registerSearch.schema.parse({})).toEqual({ invite_code: '' });
  });

  it('every-route-that-reads-search-params-declares-them-to-the-real-router', async () => {
    const declared = routeTable.filter((entry) => entry.search).map((entry) => entry.path);
    expect(declared.sort()).toEqual(
      [
        '/home/blockTradeDetail',
        '/home/qcList',
        '/home/fllowDetail',
        '/home/newStock',
        '/home/newStockBuy',
        '/home/newStockPsBuy',
        '/home/newsDetail',
        '/information/fundRecord',
        '/information/recharge',
        '/login/register',
        '/login/resetPassword',
        '/market/index',
        '/market/market',
        '/market/marketBuy',
        '/market/stockDetail',
        '/market/stockDetailzs',
        '/market/vip',
        '/trade/positionDetail',
        '/trade/positionDetail2',
      ].sort(),
    );
    startSession('token', '9000000001');
    const router = createAppRouter(createMemoryHistory({ initialEntries: ['/market/marketBuy?code=500325&side=sideways'] }));
    await act(() => router.load());
    const page = router.state.matches.at(-1)!;
    expect(page.routeId).toBe('/signedIn/market/marketBuy');
    expect(page.search).toMatchObject({ code: '500325', side: 'long' });
    expect(page.status).not.toBe('error');
  });

  it('switching-a-tab-writes-only-what-the-user-chose-and-keeps-the-rest-of-the-link', async () => {
    function Tabs() {
      const { tab, rank } = marketSearch.useSearch();
      const setSearch = marketSearch.useSetSearch();
      return createElement('button', { type: 'button', onClick: () => setSearch({ tab: 'funds' }) }, `${tab} ${rank}`);
    }
    const { router } = renderPage(Tabs, '/market/index?rank=losers&from=home');
    fireEvent.click(await screen.findByRole('button', { name: 'quotes losers' }));
    expect(await screen.findByRole('button', { name: 'funds losers' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toEqual({ rank: 'losers', from: 'home', tab: 'funds' }));
  });
});

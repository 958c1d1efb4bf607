// The market REST commands against a real database and a simulated market: detail,
// candles, rankings, search with history, watchlist, industry views and news, and the lot
// every list shows being the lot an order is checked against.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueInvitationCode } from '../accounts/invitations.ts';
import { otherIndustry } from '../../contract/market.ts';
import { addNews } from '../news/news.ts';
import { lotOf } from '../trading/orders.ts';
import { defaultTradingRules } from '../trading/rules.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { startTestServer, testMarket, type TestServer } from '../testing/testServer.ts';

let database: TestDatabase;
let server: TestServer;
let session: { token: string; account: string };

beforeAll(async () => {
  database = await openTestDatabase();
  await issueInvitationCode(database.db, { institutionName: 'Market Testers', kind: 'advisor', code: 'MKT1' });
  server = await startTestServer(database.db);
  const form = { account: '9811100001', password: 'correct-horse', password2: 'correct-horse', invite_code: 'MKT1', agree: true };
  expect((await server.call('user/register', form)).body.status).toBe(1);
  session = (await server.call('user/login', { account: form.account, password: form.password })).body.data;
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

const decimal = /^-?\d+\.\d{2}$/;

describe('lots', () => {
  it('shows in market/instruments and stock/detail the lot the order writer enforces', async () => {
    const instruments = (await server.call('market/instruments', {}, session)).body.data as { code: string; lot: number }[];
    const listed = new Map(instruments.map((row) => [row.code, row.lot]));
    // Lot-1 listings trade in the rules' default lot; MODTHREAD is listed in lots of 50.
    for (const code of ['RELIANCE', 'BRITANNIA', 'HAL', 'MODTHREAD', 'NIFTYBEES', '005930']) {
      const spec = (await testMarket()).market.instrument(code)!;
      const enforced = lotOf(spec, defaultTradingRules);
      expect(listed.get(code), code).toBe(enforced);
      expect((await server.call('stock/detail', { code }, session)).body.data.instrument.lot, code).toBe(enforced);
      // The order writer refuses anything but whole lots of that size, and accepts the lot itself past the lot check.
      const order = (quantity: number) => server.call('order/place', { code, side: 'long', type: 'market', quantity, leverage: 1, idempotency_key: `lot-${code}-${quantity}` }, session);
      expect((await order(enforced + 1)).body.msg, code).toBe('quantity_not_whole_lots');
      expect((await order(enforced)).body.msg, code).not.toBe('quantity_not_whole_lots');
    }
    expect(listed.get('MODTHREAD')).toBe(50);
  });

  it('says which index or asset each exchange-traded fund tracks, in market/instruments and stock/detail', async () => {
    const instruments = (await server.call('market/instruments', {}, session)).body.data as { code: string; kind: string; tracks: string | null }[];
    const byCode = new Map(instruments.map((row) => [row.code, row]));
    expect(byCode.get('NIFTYBEES')!.tracks).toBe('NIFTY 50');
    expect(byCode.get('GOLDBEES')!.tracks).toBe('Gold');
    expect(byCode.get('RELIANCE')!.tracks).toBeNull();
    expect(instruments.filter((row) => row.kind === 'etf' && !row.tracks)).toEqual([]);
    expect((await server.call('stock/detail', { code: 'BANKBEES' }, session)).body.data.instrument.tracks).toBe('NIFTY Bank');
  });
});

describe('stock detail and candles', () => {
  it('answers the instrument with its latest quote as decimal strings and its source label', async () => {
    const { body } = await server.call('stock/detail', { code: 'reliance' }, session);
    expect(body.status).toBe(1);
    expect(body.data.instrument).toMatchObject({ code: 'RELIANCE', exchange: 'NSE', currency: 'INR', industry: 'Oil Gas & Consumable Fuels', tickSize: '0.05' });
    expect(body.data.quote.last).toMatch(decimal);
    expect(body.data.source).toEqual({ kind: 'simulated', date: null, calendar: 'always_open' });
    expect(body.data.onWatchlist).toBe(false);
  });

  it('refuses an unknown code with a key and no other effect', async () => {
    expect((await server.call('stock/detail', { code: 'NOPE' }, session)).body).toEqual({ status: 0, msg: 'unknown_instrument', data: null });
    expect((await server.call('stock/detail', { code: '<script>' }, session)).body.msg).toBe('unknown_instrument');
    expect((await server.call('stock/kline', { code: 'TCS', period: 'decade' }, session)).body.msg).toBe('invalid_field:period');
  });

  it('returns daily candles oldest first with integer-exact decimal prices', async () => {
    const { body } = await server.call('stock/kline', { code: 'TCS', period: 'day', adjust: 'forward' }, session);
    expect(body.status).toBe(1);
    const candles = body.data as { t: number; o: string; h: string; l: string; c: string; v: number }[];
    expect(candles.length).toBeGreaterThan(200);
    for (let i = 1; i < candles.length; i += 1) expect(candles[i]!.t).toBeGreaterThan(candles[i - 1]!.t);
    for (const candle of candles.slice(-50)) {
      for (const price of [candle.o, candle.h, candle.l, candle.c]) expect(price).toMatch(decimal);
      expect(Number(candle.h)).toBeGreaterThanOrEqual(Number(candle.l));
    }
  });

  it('answers every period and adjustment', async () => {
    for (const period of ['time_share', '5m', '15m', '30m', 'day', 'week', 'month', 'range_1w', 'range_1m', 'range_3m', 'range_6m', 'range_1y']) {
      for (const adjust of ['none', 'forward', 'backward']) {
        const { body } = await server.call('stock/kline', { code: 'RELIANCE', period, adjust }, session);
        expect(body.status, `${period}/${adjust}`).toBe(1);
        expect(Array.isArray(body.data)).toBe(true);
      }
    }
  });
});

describe('rankings, search and market views', () => {
  it('sorts gainers, losers and most active', async () => {
    const gainers = (await server.call('stock/rank', { type: 'gainers', limit: 50 }, session)).body.data as { changeRateBps: number }[];
    const losers = (await server.call('stock/rank', { type: 'losers', limit: 50 }, session)).body.data as { changeRateBps: number }[];
    const active = (await server.call('stock/rank', { type: 'active', limit: 50 }, session)).body.data as { volume: number }[];
    expect(gainers).toHaveLength(50);
    const rates = (rows: { changeRateBps: number }[]) => rows.map((row) => row.changeRateBps);
    expect(rates(gainers)).toEqual([...rates(gainers)].sort((a, b) => b - a));
    expect(rates(losers)).toEqual([...rates(losers)].sort((a, b) => a - b));
    expect(active.map((row) => row.volume)).toEqual([...active.map((row) => row.volume)].sort((a, b) => b - a));
  });

  it('finds instruments by code prefix and by name, and keeps a per-user history of opened ones', async () => {
    const byCode = (await server.call('stock/search', { keyword: 'infy' }, session)).body.data as { code: string }[];
    expect(byCode[0]!.code).toBe('INFY');
    const byName = (await server.call('stock/search', { keyword: 'tata consultancy' }, session)).body.data as { code: string }[];
    expect(byName.map((hit) => hit.code)).toContain('TCS');
    await server.call('stock/detail', { code: 'INFY' }, session);
    await server.call('stock/detail', { code: 'TCS' }, session);
    const history = (await server.call('stock/searchHistory', {}, session)).body.data as { code: string }[];
    expect(history.slice(0, 2).map((hit) => hit.code)).toEqual(['TCS', 'INFY']);
    await server.call('stock/clearSearchHistory', {}, session);
    expect((await server.call('stock/searchHistory', {}, session)).body.data).toEqual([]);
  });

  it('lists indices, industries, breadth and short sales', async () => {
    const indices = (await server.call('market/indices', {}, session)).body.data as { code: string }[];
    expect(indices.map((row) => row.code).slice(0, 4)).toEqual(['NIFTY50', 'SENSEX', 'NIFTYBANK', 'NIFTY500']);
    expect(indices.map((row) => row.code)).toContain('LLIT');
    const industries = (await server.call('market/industries', {}, session)).body.data as { industry: string; advancers: number }[];
    expect(industries.map((row) => row.industry)).toContain('Information Technology');
    expect(industries.map((row) => row.industry)).toContain(otherIndustry);
    const breadth = (await server.call('market/breadth', {}, session)).body.data;
    expect(breadth.advancers + breadth.decliners + breadth.unchanged).toBe(breadth.total);
    expect((await server.call('market/shortSales', {}, session)).body.status).toBe(1);
    const status = (await server.call('market/status', {}, session)).body.data;
    expect(status).toMatchObject({ source: { kind: 'simulated' }, rankRefreshSeconds: 10 });
  });
});

describe('watchlist', () => {
  it('adds and removes codes, reports membership in the detail, and refuses unknown codes', async () => {
    expect((await server.call('user/addOptional', { code: 'TCS' }, session)).body.data).toEqual([{ symbol: 'TCS' }]);
    expect((await server.call('user/addOptional', { code: 'tcs' }, session)).body.data).toEqual([{ symbol: 'TCS' }]);
    expect((await server.call('user/addOptional', { code: 'INFY' }, session)).body.data).toEqual([{ symbol: 'TCS' }, { symbol: 'INFY' }]);
    expect((await server.call('stock/detail', { code: 'TCS' }, session)).body.data.onWatchlist).toBe(true);
    expect((await server.call('user/addOptional', { code: 'NOSUCH' }, session)).body.msg).toBe('unknown_instrument');
    expect((await server.call('user/delOptional', { code: 'TCS' }, session)).body.data).toEqual([{ symbol: 'INFY' }]);
    expect((await server.call('user/Optionallist', { type: 'stock' }, session)).body.data).toEqual([{ symbol: 'INFY' }]);
  });

  it('takes the list type as a number or a string, as the spec leaves it open', async () => {
    for (const type of [1, '1', 'stock', undefined]) {
      expect((await server.call('user/Optionallist', type === undefined ? {} : { type }, session)).body.msg, String(type)).toBe('ok');
    }
    expect((await server.call('user/Optionallist', { type: { nested: true } }, session)).body.msg).toBe('invalid_field:type');
  });

  it('needs a session', async () => {
    expect((await server.call('user/addOptional', { code: 'TCS' })).httpStatus).toBe(401);
  });
});

describe('news', () => {
  it('lists stored news newest first and opens one', async () => {
    const older = await addNews(database.db, { title: 'Older', summary: 's', body: 'b1', source: 'Desk', publishedAt: new Date('2026-01-01'), createdBy: 'test' });
    const newer = await addNews(database.db, { title: 'Newer', summary: 's', body: 'b2', source: 'Desk', codes: ['TCS'], createdBy: 'test' });
    const list = (await server.call('news/list', {}, session)).body.data as { id: string }[];
    expect(list.map((item) => item.id).slice(0, 2)).toEqual([newer, older]);
    expect((await server.call('news/detail', { id: newer }, session)).body.data).toMatchObject({ title: 'Newer', body: 'b2', codes: ['TCS'] });
    expect((await server.call('news/detail', { id: '999999' }, session)).body.msg).toBe('not_found');
  });
});

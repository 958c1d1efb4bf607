// Proves the market's Funds tab: the ETFs of the instrument list with their price, day change,
// the index or asset each tracks and the lot the server reports (no "lots of one"), then the
// strategy funds with NAV and 1M / 3M / since-inception returns linking to their page, each
// part loading on its own so one failing leaves the other on screen.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Instrument } from '../../../../contract/market.ts';
import { answerOk, answerRefusal, server } from '../../../test/mswServer.ts';
import { renderPage } from '../../../test/renderPage.tsx';
import { fundOf } from '../../funds/testing/fundFixtures.ts';
import { marketStatusAnswer, quoteRow, recording } from '../testing/marketFixtures.ts';
import { FundsPanel } from './FundsPanel.tsx';

const instrumentOf = (code: string, changes: Partial<Instrument>): Instrument => ({
  code, name: `${code} Ltd`, isin: null, exchange: 'NSE', currency: 'INR', kind: 'equity', industry: null, lot: 100, tickSize: '0.05', tracks: null, ...changes,
});
const catalog = [
  instrumentOf('RELIANCE', {}),
  instrumentOf('NIFTYBEES', { name: 'Nippon India ETF Nifty 50 BeES', kind: 'etf', tickSize: '0.01', tracks: 'NIFTY 50' }),
  instrumentOf('GOLDBEES', { name: 'Nippon India ETF Gold BeES', kind: 'etf', tickSize: '0.01', tracks: 'Gold', lot: 1 }),
];

describe('FundsPanel', () => {
  it('lists-etfs-with-price-change-index-and-lot-then-strategy-funds-with-returns', async () => {
    const quotes = recording('stock/quotes', (body) =>
      body.codes.map((code) => quoteRow(code, { kind: 'etf', name: catalog.find((row) => row.code === code)!.name, last: '277.52', change: '-0.97', changeRateBps: -35 })),
    );
    server.use(marketStatusAnswer, answerOk('market/instruments', catalog), quotes.handler, answerOk('fund/list', [fundOf({ phase: 'ended', id: '3', name: 'Closed fund' }), fundOf()]));
    const { container } = renderPage(FundsPanel, '/market/index?tab=funds');

    const nifty = await within(await screen.findByTestId('funds-etfs')).findByText('Nippon India ETF Nifty 50 BeES');
    expect(quotes.bodies[0]).toEqual({ codes: ['NIFTYBEES', 'GOLDBEES'] });
    const niftyRow = container.querySelector('[data-code=NIFTYBEES]') as HTMLElement;
    expect(niftyRow.contains(nifty)).toBe(true);
    expect(within(niftyRow).getByText('277.52')).toBeTruthy();
    expect(within(niftyRow).getByText('-0.35%')).toBeTruthy();
    expect(within(niftyRow).getByText('Tracks NIFTY 50')).toBeTruthy();
    expect(within(niftyRow).getByText('100 shares per lot')).toBeTruthy();
    const goldRow = container.querySelector('[data-code=GOLDBEES]') as HTMLElement;
    expect(within(goldRow).getByText('Tracks Gold')).toBeTruthy();
    expect(within(goldRow).getByText('1 share per lot')).toBeTruthy();
    expect(container.querySelector('[data-code=RELIANCE]')).toBeNull();
    expect(screen.queryByText(/lots of one/)).toBeNull();

    const funds = await screen.findAllByTestId('funds-strategy-fund');
    // Ongoing funds first.
    expect(funds.map((fund) => fund.getAttribute('data-fund-id'))).toEqual(['2', '3']);
    const fund = within(funds[0]!);
    expect(fund.getByTestId('fund-nav').textContent).toBe('₹10.0000');
    expect(fund.getByTestId('fund-return-1m').textContent).toBe('+3.10%');
    expect(fund.getByTestId('fund-return-3m').textContent).toBe('—');
    expect(fund.getByTestId('fund-return-inception').textContent).toBe('-0.42%');
    expect(fund.getByText('Minimum purchase ₹1,000.00')).toBeTruthy();
    expect(fund.getByRole('link').getAttribute('href')).toMatch(/\/home\/fllowDetail\?fund_id=(%22)?2(%22)?$/);
  });

  it('keeps-the-etfs-when-the-strategy-funds-fail-to-load', async () => {
    server.use(
      marketStatusAnswer,
      answerOk('market/instruments', catalog),
      recording('stock/quotes', (body) => body.codes.map((code) => quoteRow(code, { kind: 'etf' }))).handler,
      answerRefusal('fund/list', 'system_busy'),
    );
    renderPage(FundsPanel, '/market/index?tab=funds');
    expect(await screen.findByText('The strategy funds could not be loaded.')).toBeTruthy();
    expect(screen.getByText('NIFTYBEES Ltd')).toBeTruthy();
  });
});

// Proves the exchange screen shows each balance in its own money, quotes an amount with its
// rate, source and countdown, converts it once with one idempotency key across retries,
// translates refusals, asks for a new quote when one expires, and that the capital transfer
// offers only the three markets' accounts.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { FxConversion, FxQuote } from '../../../contract/fx.ts';
import { activateLocale } from '../../i18n/activateLocale.ts';
import { answerOk, answerRefusal, server } from '../../test/mswServer.ts';
import { renderPage } from '../../test/renderPage.tsx';
import { answeringRates, type BalanceInput, inrRateOf, userInfoOf } from '../funding/testing/fundingFixtures.ts';
import { CapitalTransferPage } from './CapitalTransferPage.tsx';
import { ExchangePage } from './ExchangePage.tsx';
import { shortRate } from './fxFormat.ts';

const balances: BalanceInput[] = [
  { currency: 'INR', cash: '125000.00', available: '125000.00', frozen: '0.00' },
  { currency: 'KRW', cash: '500000', available: '500000', frozen: '0' },
];
const rates = () => answeringRates([inrRateOf('KRW', '0.0609724531'), inrRateOf('THB', '2.5874'), inrRateOf('TWD', '2.8', { source: 'staff_setting', reference_day: null })]).handler;
const quoteOf = (overrides: Partial<FxQuote> = {}): FxQuote => ({
  quote_id: '41', from: 'INR', to: 'KRW', amount: '1000.00', rate: '16.3188471566', reference_rate: '16.4008514137', spread_bps: 50, source: 'ecb',
  receive: '16318', expires_at: new Date(Date.now() + 30_000).toISOString(), ...overrides,
});
const conversion: FxConversion = {
  quote_id: '41', from: 'INR', to: 'KRW', amount: '1000.00', rate: '16.3188471566', receive: '16318', converted_at: '2026-11-25T06:00:00.000Z',
  available_from: '124000.00', available_to: '516318',
};

async function askQuote(amount = '1000') {
  fireEvent.change(await screen.findByTestId('fx-amount'), { target: { value: amount } });
  fireEvent.click(screen.getByTestId('fx-get-quote'));
}

describe('ExchangePage', () => {
  it('shows-balances-per-currency-quotes-and-converts-once-with-one-key', async () => {
    const keys: string[] = [];
    let answers = 0;
    server.use(
      answerOk('user/info', userInfoOf(balances)),
      rates(),
      answerOk('fx/quote', quoteOf()),
      http.post('*/api/vue/fx/convert', async ({ request }) => {
        keys.push(((await request.json()) as { idempotency_key: string }).idempotency_key);
        answers += 1;
        // The first answer is lost: the retry must carry the same key.
        return answers === 1 ? HttpResponse.error() : HttpResponse.json({ status: 1, msg: 'ok', data: conversion });
      }),
    );
    renderPage(ExchangePage, '/information/exChange');
    expect((await screen.findByTestId('fx-available-INR')).textContent).toBe('₹1,25,000.00');
    expect(screen.getByTestId('fx-available-KRW').textContent).toBe('₩500,000');
    expect((screen.getByTestId('fx-to') as HTMLSelectElement).value).toBe('KRW');
    await askQuote();
    const quote = await screen.findByTestId('fx-quote');
    expect(within(quote).getByTestId('fx-receive').textContent).toBe('₩16,318');
    expect(within(quote).getByTestId('fx-rate').textContent).toBe('1 INR = 16.3188 KRW');
    expect(within(quote).getByText('ECB reference')).toBeTruthy();
    expect(within(quote).getByTestId('fx-countdown').textContent).toMatch(/Valid for (29|30) s/);
    fireEvent.click(screen.getByTestId('fx-confirm'));
    expect((await screen.findByTestId('fx-problem')).textContent).toContain('exchange is made once');
    fireEvent.click(screen.getByTestId('fx-confirm'));
    expect((await screen.findByTestId('fx-result')).textContent).toBe('Exchanged ₹1,000.00 for ₩16,318. You now have ₩516,318 available.');
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('translates-a-refusal-and-drops-the-quote', async () => {
    await activateLocale('ko');
    server.use(answerOk('user/info', userInfoOf(balances)), rates(), answerOk('fx/quote', quoteOf()), answerRefusal('fx/convert', 'insufficient_available_balance'));
    renderPage(ExchangePage, '/information/exChange');
    await askQuote();
    fireEvent.click(await screen.findByTestId('fx-confirm'));
    expect((await screen.findByTestId('fx-problem')).textContent).not.toBe('insufficient_available_balance');
    expect(screen.queryByTestId('fx-quote')).toBeNull();
    await activateLocale('en');
  });

  it('shows-the-limit-of-a-refused-quote-in-rupees', async () => {
    server.use(answerOk('user/info', userInfoOf(balances)), rates(), answerRefusal('fx/quote', 'fx_amount_below_minimum:100.00'));
    renderPage(ExchangePage, '/information/exChange');
    await askQuote('50');
    expect((await screen.findByTestId('fx-problem')).textContent).toBe('The smallest exchange is worth ₹100.00.');
  });

  it('asks-for-a-new-quote-once-the-quote-has-expired', async () => {
    let quotes = 0;
    server.use(
      answerOk('user/info', userInfoOf(balances)),
      rates(),
      http.post('*/api/vue/fx/quote', () => {
        quotes += 1;
        const expiresAt = new Date(Date.now() + (quotes === 1 ? -1_000 : 30_000)).toISOString();
        return HttpResponse.json({ status: 1, msg: 'ok', data: quoteOf({ quote_id: String(40 + quotes), expires_at: expiresAt }) });
      }),
    );
    renderPage(ExchangePage, '/information/exChange');
    await askQuote();
    fireEvent.click(await screen.findByTestId('fx-requote'));
    await waitFor(() => expect(screen.getByTestId('fx-confirm')).toBeTruthy());
    expect(quotes).toBe(2);
  });

  it('refuses-the-same-currency-on-both-sides-before-asking', async () => {
    server.use(answerOk('user/info', userInfoOf(balances)), rates());
    renderPage(ExchangePage, '/information/exChange');
    fireEvent.change(await screen.findByTestId('fx-to'), { target: { value: 'INR' } });
    expect(screen.getByRole('alert').textContent).toBe('Currencies must differ: choose two different currencies.');
    expect((screen.getByTestId('fx-get-quote') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('CapitalTransferPage', () => {
  it('offers-the-three-market-accounts-only', async () => {
    server.use(answerOk('user/info', userInfoOf(balances)), rates());
    renderPage(CapitalTransferPage, '/information/capitalTransfer');
    const options = [...((await screen.findByTestId('fx-from')) as HTMLSelectElement).options].map((option) => option.textContent);
    expect(options).toEqual(['India (INR)', 'Korea (KRW)', 'Thailand (THB)']);
    expect(screen.getByTestId('fx-available-THB').textContent).toBe('฿0.00');
  });
});

describe('shortRate', () => {
  it('cuts-to-six-significant-digits-without-rounding-up', () => {
    expect(shortRate('16.3188471566')).toBe('16.3188');
    expect(shortRate('0.0609724531')).toBe('0.0609724');
    expect(shortRate('85385.26')).toBe('85385.2');
    expect(shortRate('2.8')).toBe('2.8');
  });
});

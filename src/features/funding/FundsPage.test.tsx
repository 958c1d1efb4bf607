// Proves the Funds tab shows the ledger balances with Deposit and Withdraw, the shortcuts
// to records, bank accounts and wallet, and only the latest few fund records; that each
// currency held is shown in its own money (a zero one not at all) with a rupee total at the
// reference rates it names, in English, Traditional Chinese and Korean; and that no total is
// shown when a rate is missing or the rates fail.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answerOk, answerRefusal, server } from '../../test/mswServer.ts';
import { renderPage } from '../../test/renderPage.tsx';
import { FundsPage, latestRecordsShown } from './FundsPage.tsx';
import { activateLocale } from '../../i18n/activateLocale.ts';
import { portfolioHandlers } from '../portfolio/testing/portfolioFixtures.ts';
import { answeringRates, type BalanceInput, fundRecordOf, inrRateOf, pageOf, userInfoOf } from './testing/fundingFixtures.ts';

// happy-dom has no canvas: the balance history's chart library is replaced by a stand-in.
vi.mock('lightweight-charts', () => ({
  createChart: () => ({ addSeries: () => ({ setData: () => undefined }), timeScale: () => ({ fitContent: () => undefined }), remove: () => undefined }),
  AreaSeries: {},
  ColorType: { Solid: 'solid' },
}));

const userInfo = userInfoOf();

describe('FundsPage', () => {
  it('shows-balances-money-buttons-shortcuts-and-the-latest-records', async () => {
    server.use(...portfolioHandlers(), answerOk('user/info', userInfo), answerOk('user/fundRecords', pageOf(Array.from({ length: 10 }, (_, index) => fundRecordOf(index + 1)), 40)));
    renderPage(FundsPage, '/information/mine_fund');
    expect((await screen.findByTestId('balance-total')).textContent).toBe('₹10,00,000.00');
    expect(screen.getByTestId('balance-available').textContent).toBe('₹9,87,654.32');
    expect(screen.getByTestId('balance-frozen').textContent).toBe('₹12,345.68');
    expect(screen.getByRole('link', { name: 'Deposit' }).getAttribute('href')).toContain('/information/recharge');
    expect(screen.getByRole('link', { name: 'Withdraw' }).getAttribute('href')).toContain('/information/withdrawal');
    for (const [name, path] of [['Bank accounts', '/information/bankList'], ['Wallet address', '/information/usdtAddress'], ['Withdrawal records', '/information/cashOut'], ['Fund records', '/information/fundRecord']]) {
      expect(screen.getByRole('link', { name }).getAttribute('href')).toContain(path);
    }
    await waitFor(() => expect(screen.getAllByTestId('statement-line')).toHaveLength(latestRecordsShown));
  });

  it('rupees-only-asks-for-no-rates', async () => {
    const rates = answeringRates([]);
    server.use(...portfolioHandlers(), answerOk('user/info', userInfo), answerOk('user/fundRecords', pageOf([])), rates.handler);
    renderPage(FundsPage, '/information/mine_fund');
    expect((await screen.findByTestId('balance-total')).textContent).toBe('₹10,00,000.00');
    expect(screen.getByText('Total assets')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Balances in other currencies' })).toBeNull();
    expect(rates.seen.calls).toBe(0);
  });

  for (const { locale, labels } of [
    { locale: 'en', labels: { total: 'Total assets in rupees', available: 'Available ₩2,000,000', krw: '1 KRW = ₹0.0612 · ECB reference rate of 24 Nov 2026', thb: '1 THB = ₹2.5625 · rate set by staff · 25 Nov 2026, 9:30 am IST' } },
    { locale: 'zh-Hant', labels: { total: '總資產（盧比）', available: '可用 ₩2,000,000', krw: '1 KRW = ₹0.0612 · 歐洲央行參考匯率', thb: '1 THB = ₹2.5625 · ' } },
    { locale: 'ko', labels: { total: '총자산(루피 환산)', available: '사용 가능 ₩2,000,000', krw: '1 KRW = ₹0.0612 · 유럽중앙은행 기준 환율', thb: '1 THB = ₹2.5625 · ' } },
  ] as const) {
    it(`each-currency-in-its-own-money-and-a-rupee-total-at-named-rates-${locale}`, async () => {
      await activateLocale(locale);
      const balances: BalanceInput[] = [
        { currency: 'INR', cash: '1000000.00', available: '1000000.00', frozen: '0.00' },
        { currency: 'USD', cash: '0.00', available: '0.00', frozen: '0.00' },
        { currency: 'THB', cash: '1234.50', available: '1234.50', frozen: '0.00' },
        { currency: 'KRW', cash: '2500000', available: '2000000', frozen: '500000' },
      ];
      server.use(...portfolioHandlers(), answerOk('user/info', userInfoOf(balances)), answerOk('user/fundRecords', pageOf([])), answeringRates([inrRateOf('KRW', '0.0612'), inrRateOf('THB', '2.5625', { source: 'staff_setting', reference_day: null, updated_at: '2026-11-25T04:00:00.000Z' })]).handler);
      renderPage(FundsPage, '/information/mine_fund');
      // ₹10,00,000 + ₩25,00,000 × 0.0612 (₹1,53,000) + ฿1,234.50 × 2.5625 (₹3,163.40625 → ₹3,163.41)
      await waitFor(() => expect(screen.getByTestId('balance-total').textContent).toBe('≈ ₹11,56,163.41'));
      expect(screen.getByText(labels.total)).toBeTruthy();
      expect(screen.getByTestId('balance-cash').textContent).toBe('₹10,00,000.00');
      expect(screen.getByTestId('balance-KRW-cash').textContent).toBe('₩2,500,000');
      expect(screen.getByTestId('balance-KRW').textContent).toContain(labels.available);
      expect(screen.getByTestId('balance-THB-cash').textContent).toBe('฿1,234.50');
      expect(screen.queryByTestId('balance-USD')).toBeNull();
      expect(screen.getAllByTestId(/^balance-[A-Z]{3}$/).map((line) => line.dataset.testid)).toEqual(['balance-THB', 'balance-KRW']);
      expect(screen.getByTestId('inr-equivalent-rates').textContent).toContain(labels.krw);
      expect(screen.getByTestId('inr-equivalent-rates').textContent).toContain(labels.thb);
    });
  }

  it('a-held-currency-without-a-rate-gives-no-total', async () => {
    const balances: BalanceInput[] = [
      { currency: 'INR', cash: '100.00', available: '100.00', frozen: '0.00' },
      { currency: 'VND', cash: '500000', available: '500000', frozen: '0' },
    ];
    server.use(...portfolioHandlers(), answerOk('user/info', userInfoOf(balances)), answerOk('user/fundRecords', pageOf([])), answeringRates([inrRateOf('KRW', '0.0612')]).handler);
    renderPage(FundsPage, '/information/mine_fund');
    expect((await screen.findByTestId('inr-equivalent-missing')).textContent).toContain('no reference rate for VND');
    expect(screen.getByTestId('balance-total').textContent).toBe('—');
    expect(screen.getByTestId('balance-VND-cash').textContent).toBe('500.000\u00a0₫');
  });

  it('rates-that-fail-to-load-leave-the-balances-and-offer-retry', async () => {
    const balances: BalanceInput[] = [
      { currency: 'INR', cash: '100.00', available: '100.00', frozen: '0.00' },
      { currency: 'KRW', cash: '1000', available: '1000', frozen: '0' },
    ];
    const failing = answeringRates('refusal');
    server.use(...portfolioHandlers(), answerOk('user/info', userInfoOf(balances)), answerOk('user/fundRecords', pageOf([])), failing.handler);
    renderPage(FundsPage, '/information/mine_fund');
    expect((await screen.findByTestId('inr-equivalent-missing')).textContent).toContain('the exchange rates could not be loaded');
    expect(screen.getByTestId('balance-KRW-cash').textContent).toBe('₩1,000');
    server.use(answeringRates([inrRateOf('KRW', '0.06')]).handler);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByTestId('balance-total').textContent).toBe('≈ ₹160.00'));
  });

  it('no-records-yet-invites-a-deposit', async () => {
    server.use(...portfolioHandlers(), answerOk('user/info', userInfo), answerOk('user/fundRecords', pageOf([])));
    renderPage(FundsPage, '/information/mine_fund');
    expect(await screen.findByText('No fund records yet')).toBeTruthy();
  });

  it('balances-that-fail-to-load-offer-retry', async () => {
    server.use(...portfolioHandlers(), answerRefusal('user/info', 'system_busy'), answerOk('user/fundRecords', pageOf([])));
    renderPage(FundsPage, '/information/mine_fund');
    expect(await screen.findByText('Your balances could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

// Proves the Home portfolio card: rupees alone read as before (₹ in lakh and crore, no rates
// asked); with won and baht each is shown in its own money and the total is a rupee
// equivalent that names its rates, in English, Traditional Chinese and Korean; a failed load
// offers Retry.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '../../../contract/accounts.ts';
import { activateLocale } from '../../i18n/activateLocale.ts';
import { answerOk, server } from '../../test/mswServer.ts';
import { renderPage } from '../../test/renderPage.tsx';
import type { Loadable } from '../../ui/useLoad.ts';
import { answeringRates, inrRateOf, userInfoOf } from '../funding/testing/fundingFixtures.ts';
import { PortfolioCard } from './PortfolioCard.tsx';

function renderCard(state: Loadable<UserInfo>, onRefresh = () => {}) {
  return renderPage(() => <PortfolioCard state={state} reloading={false} onRefresh={onRefresh} />, '/home/index');
}

const wonAndBaht = userInfoOf([
  { currency: 'INR', cash: '250000.00', available: '200000.00', frozen: '50000.00' },
  { currency: 'KRW', cash: '1000000', available: '1000000', frozen: '0' },
  { currency: 'THB', cash: '0.00', available: '0.00', frozen: '0.00' },
]);

describe('PortfolioCard', () => {
  it('rupees-only-reads-as-before-without-asking-for-rates', async () => {
    const rates = answeringRates([]);
    server.use(rates.handler);
    renderCard({ status: 'ready', data: userInfoOf() });
    expect((await screen.findByTestId('total-assets')).textContent).toBe('₹10,00,000.00');
    expect(screen.getByText('Total assets')).toBeTruthy();
    expect(screen.getByText('₹9,87,654.32')).toBeTruthy();
    expect(rates.seen.calls).toBe(0);
  });

  for (const { locale, total, rate } of [
    { locale: 'en', total: 'Total assets in rupees', rate: '1 KRW = ₹0.0612 · ECB reference rate' },
    { locale: 'zh-Hant', total: '總資產（盧比）', rate: '1 KRW = ₹0.0612 · 歐洲央行參考匯率' },
    { locale: 'ko', total: '총자산(루피 환산)', rate: '1 KRW = ₹0.0612 · 유럽중앙은행 기준 환율' },
  ] as const) {
    it(`won-in-won-and-a-rupee-equivalent-naming-its-rate-${locale}`, async () => {
      await activateLocale(locale);
      server.use(answeringRates([inrRateOf('KRW', '0.0612')]).handler);
      renderCard({ status: 'ready', data: wonAndBaht });
      // ₹2,50,000 + ₩10,00,000 × 0.0612 = ₹3,11,200; the zero baht is not shown.
      await waitFor(() => expect(screen.getByTestId('total-assets').textContent).toBe('≈ ₹3,11,200.00'));
      expect(screen.getByText(total)).toBeTruthy();
      expect(screen.getByTestId('balance-KRW-cash').textContent).toBe('₩1,000,000');
      expect(screen.queryByTestId('balance-THB')).toBeNull();
      expect(screen.getByTestId('inr-equivalent-rates').textContent).toContain(rate);
    });
  }

  it('won-positions-at-market-count-in-the-rupee-total-and-show-on-their-line', async () => {
    server.use(answeringRates([inrRateOf('KRW', '0.0612')]).handler, answerOk('user/holdings', { items: [], total: 0, page: 1, page_size: 30 }));
    const withWonPositions = userInfoOf([
      { currency: 'INR', cash: '250000.00', available: '250000.00', frozen: '0.00' },
      { currency: 'KRW', cash: '1000000', available: '500000', frozen: '0', invested: '500000', market_value: '520000', total_assets: '1520000' },
    ]);
    renderCard({ status: 'ready', data: withWonPositions });
    // ₹2,50,000 + ₩15,20,000 × 0.0612 = ₹3,43,024.
    await waitFor(() => expect(screen.getByTestId('total-assets').textContent).toBe('≈ ₹3,43,024.00'));
    expect(screen.getByTestId('balance-KRW-positions').textContent).toContain('₩520,000');
  });

  it('a-failed-load-offers-retry', async () => {
    const onRefresh = vi.fn();
    renderCard({ status: 'failed' }, onRefresh);
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(onRefresh).toHaveBeenCalled();
    expect(screen.queryByTestId('total-assets')).toBeNull();
  });
});

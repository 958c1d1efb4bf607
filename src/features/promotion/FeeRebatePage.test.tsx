// Proves the fee-rebate page: the caller's window, brokerage counted, rebated, still to be paid and
// what is left up to the cap; each payment; the published terms in plain words with the figures in
// force; the closed state; the home banner only while the window is open; and the statement line of
// a rebate, which reads as a promotion.
import { i18n } from '@lingui/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { statementSentence } from '../../../contract/statementReasons.ts';
import { statementReaderOf } from '../../i18n/statementReasons.ts';
import { recording } from '../market/testing/marketFixtures.ts';
import { server } from '../../test/mswServer.ts';
import { renderPage } from '../../test/renderPage.tsx';
import { FeeRebatePage } from './FeeRebatePage.tsx';
import { PromotionBanner } from './PromotionBanner.tsx';
import { feeRebateOf } from './testing/promotionFixtures.ts';

describe('FeeRebatePage', () => {
  it('shows-the-window-what-was-counted-paid-and-is-still-due-and-each-payment', async () => {
    server.use(recording('promotion/feeRebate', () => feeRebateOf()).handler);
    renderPage(FeeRebatePage, '/information/promotion');
    const status = await screen.findByTestId('fee-rebate-status');
    expect(status.getAttribute('data-state')).toBe('open');
    expect(status.textContent).toContain('Open: 22 days left');
    expect(screen.getByTestId('fee-rebate-fees').textContent).toBe('₹245.60');
    expect(screen.getByTestId('fee-rebate-rebated').textContent).toBe('₹180.00');
    expect(screen.getByTestId('fee-rebate-pending').textContent).toBe('₹65.60');
    expect(screen.getByTestId('fee-rebate-remaining').textContent).toBe('₹1,820.00');
    expect(screen.getByTestId('fee-rebate-next').textContent).toContain('₹65.60 will be paid to your available balance after');
    const payments = screen.getAllByTestId('fee-rebate-payment');
    expect(payments).toHaveLength(1);
    expect(payments[0]!.textContent).toContain('₹180.00');
    expect(payments[0]!.textContent).toContain('100% of ₹180.00 brokerage to 25 Nov 2026');
  });

  it('publishes-the-terms-in-force-in-plain-words', async () => {
    server.use(recording('promotion/feeRebate', () => feeRebateOf({ terms: { enabled: true, window_days: 30, percent: 50, cap: '2000.00' } })).handler);
    renderPage(FeeRebatePage, '/information/promotion');
    const terms = await screen.findByTestId('fee-rebate-terms');
    expect(terms.textContent).toContain('A new account gets back 50% of the brokerage (the service fee) it pays on trades in its first 30 days after registration, up to ₹2,000.00 in total.');
    expect(terms.textContent).toContain('Stamp duty, transaction tax and other government charges are not rebated.');
    expect(terms.textContent).toContain('No one decides it or changes it by hand.');
    expect(terms.textContent).toContain('at the terms in force when it is paid');
    expect(screen.queryByTestId('fee-rebate-closed')).toBeNull();
  });

  it('says-when-the-promotion-is-closed-and-when-the-window-has-ended', async () => {
    server.use(recording('promotion/feeRebate', () => feeRebateOf({ state: 'closed', terms: { enabled: false, window_days: 30, percent: 100, cap: '2000.00' }, pending: '0.00', next_settlement_at: null, payments: [] })).handler);
    renderPage(FeeRebatePage, '/information/promotion');
    expect((await screen.findByTestId('fee-rebate-closed')).textContent).toContain('no rebates are being paid');
    expect(screen.getByTestId('fee-rebate-status').textContent).toContain('Promotion closed');
    expect(screen.getByText('No rebate paid yet')).toBeTruthy();
  });

  it('the-home-banner-shows-only-while-the-window-is-open', async () => {
    server.use(recording('promotion/feeRebate', () => feeRebateOf()).handler);
    const open = renderPage(PromotionBanner, '/home/index');
    const banner = await screen.findByTestId('home-fee-rebate');
    expect(banner.textContent).toBe('New-account fee rebate: 100% of your brokerage back, up to ₹2,000.00. 22 days left.');
    expect(banner.getAttribute('href')).toContain('/information/promotion');
    open.unmount();
    const ended = recording('promotion/feeRebate', () => feeRebateOf({ state: 'ended', days_left: 0 }));
    server.use(ended.handler);
    renderPage(PromotionBanner, '/home/index');
    await expect.poll(() => ended.bodies.length).toBe(1);
    expect(screen.queryByTestId('home-fee-rebate')).toBeNull();
  });

  it('the-statement-line-of-a-rebate-reads-as-a-promotion', () => {
    const sentence = statementSentence('promotion_fee_rebate', {
      from_day: '2026-11-20', through_day: '2026-11-25', fees: { amount: '18000', currency: 'INR' }, percent: 100, amount: { amount: '18000', currency: 'INR' },
    }, statementReaderOf(i18n));
    expect(sentence).toBe('Promotion – fee rebate for new accounts: ₹180.00 paid back (100% of the ₹180.00 brokerage paid from 2026-11-20 to 2026-11-25, up to the cap, less earlier rebates)');
  });
});

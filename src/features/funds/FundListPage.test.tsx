// Proves the strategy-fund list: an honest note first, each fund as a card with its phase, NAV
// and time, daily profit as the real NAV change ("—" before there is one), 1M / 3M / since
// inception, minimum, remaining capacity, fee, the demo label and the caller's units; ongoing
// funds before ended ones; links to the records and the courseware.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activateLocale } from '../../i18n/activateLocale.ts';
import { answerOk, server } from '../../test/mswServer.ts';
import { renderPage } from '../../test/renderPage.tsx';
import { FundListPage } from './FundListPage.tsx';
import { fundOf } from './testing/fundFixtures.ts';

describe('FundListPage', () => {
  it('shows-each-fund-with-what-it-really-did-ongoing-first', async () => {
    const ended = fundOf({ id: '3', name: 'Reversion Large Caps', strategy: { key: 'large_cap_mean_reversion', parameters: {} }, phase: 'ended', demo: false, day_change_bps: null, my_units: '0.0000' });
    server.use(answerOk('fund/list', [ended, fundOf({ my_units: '400.5000' })]));
    renderPage(FundListPage, '/home/fllow');
    const cards = await screen.findAllByTestId('fund-card');
    // The ongoing fund comes first whatever order the server sent.
    expect(cards.map((card) => card.getAttribute('data-fund-id'))).toEqual(['2', '3']);
    const running = within(cards[0]!);
    expect(running.getByText('Momentum 50')).toBeTruthy();
    expect(running.getByTestId('fund-strategy').textContent).toBe('NIFTY 50 momentum');
    expect(running.getByTestId('fund-phase').textContent).toBe('Subscribing');
    expect(running.getByTestId('fund-demo').textContent).toBe('Demo');
    expect(running.getByTestId('fund-nav').textContent).toBe('₹10.0000');
    expect(running.getByText('NAV at 25 Nov 2026, 2:01 pm IST')).toBeTruthy();
    expect(running.getByTestId('fund-day-change').textContent).toBe('+1.25%');
    expect(running.getByTestId('fund-return-1m').textContent).toBe('+3.10%');
    expect(running.getByTestId('fund-return-3m').textContent).toBe('—');
    expect(running.getByTestId('fund-return-inception').textContent).toBe('-0.42%');
    expect(running.getByTestId('fund-minimum').textContent).toBe('₹1,000.00');
    expect(running.getByTestId('fund-capacity').textContent).toBe('₹87,65,432.10');
    expect(running.getByTestId('fund-fee').textContent).toBe('1.50% a year');
    expect(running.getByTestId('fund-my-units').textContent).toBe('400.5000');
    expect(running.getByRole('link').getAttribute('href')).toMatch(/\/home\/fllowDetail\?fund_id=(%22)?2(%22)?$/);

    const over = within(cards[1]!);
    expect(over.getByTestId('fund-phase').textContent).toBe('Ended');
    expect(over.getByTestId('fund-day-change').textContent).toBe('—');
    expect(over.queryByTestId('fund-demo')).toBeNull();
    expect(over.queryByTestId('fund-my-units')).toBeNull();
    expect(over.getByTestId('fund-strategy').textContent).toBe('Large-cap mean reversion');

    expect(screen.getByTestId('fund-honesty-note').textContent).toContain('Past results do not predict future ones');
    expect(screen.getByRole('link', { name: 'My copy-trading records' }).getAttribute('href')).toContain('/home/fllowRecord');
    expect(screen.getByRole('link', { name: 'Courseware and exam' }).getAttribute('href')).toContain('/home/qcList');
  });

  it('says-so-when-there-is-no-fund-yet', async () => {
    server.use(answerOk('fund/list', []));
    renderPage(FundListPage, '/home/fllow');
    expect(await screen.findByText('No strategy funds yet')).toBeTruthy();
  });

  it('reads-in-korean-with-figures-written-the-same-way', async () => {
    await activateLocale('ko');
    server.use(answerOk('fund/list', [fundOf()]));
    renderPage(FundListPage, '/home/fllow');
    const card = within(await screen.findByTestId('fund-card'));
    expect(card.getByTestId('fund-phase').textContent).toBe('가입 중');
    expect(card.getByText('일간 수익률')).toBeTruthy();
    expect(card.getByTestId('fund-strategy').textContent).toBe('NIFTY 50 모멘텀');
    expect(card.getByTestId('fund-nav').textContent).toBe('₹10.0000');
    expect(card.getByTestId('fund-fee').textContent).toBe('연 1.50%');
  });
});

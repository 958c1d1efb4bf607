// Proves the fund page: the NAV and the live NAV labelled as computed from the stream, the NAV
// chart (lightweight-charts replaced by a recorder: happy-dom has no canvas), the key figures,
// the strategy's parameters explained, positions and "latest N of M" orders; the exam gate
// linking to the courseware; a withdrawn fund in the server's words; following with a units
// preview from fundMath, one key reused after a lost answer, refusals translated in the sheet;
// and redeeming all of a holding; the open page reading the fund again on its own.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { RequestOf } from '../../../contract/api.ts';
import type { FundDetail } from '../../../contract/funds.ts';
import { refusing, userInfoOf } from '../funding/testing/fundingFixtures.ts';
import { recording } from '../market/testing/marketFixtures.ts';
import { answerOk, answerRefusal, server } from '../../test/mswServer.ts';
import { renderPage } from '../../test/renderPage.tsx';
import { FundDetailPage, fundRefreshMs } from './FundDetailPage.tsx';
import { detailOf, holdingOf } from './testing/fundFixtures.ts';

const drawn = vi.hoisted(() => ({ series: [] as { time: number; value: number }[][] }));
vi.mock('lightweight-charts', () => {
  const series = () => ({ setData: (data: { time: number; value: number }[]) => drawn.series.push(data), applyOptions: () => undefined });
  return {
    createChart: () => ({ addSeries: series, timeScale: () => ({ fitContent: () => undefined }), applyOptions: () => undefined, remove: () => undefined }),
    AreaSeries: {},
    ColorType: { Solid: 'solid' },
  };
});

/** Answers fund/detail with `detail` and counts the requests, so a test sees the page reload after a command. */
function serving(detail: FundDetail) {
  const detailRequests = recording('fund/detail', () => detail);
  server.use(detailRequests.handler, answerOk('user/info', userInfoOf()));
  return detailRequests;
}

const open = () => renderPage(FundDetailPage, '/home/fllowDetail?fund_id=2');
const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

describe('FundDetailPage', () => {
  it('shows-the-nav-the-live-nav-the-chart-figures-strategy-positions-and-orders', async () => {
    const detailRequests = serving(detailOf());
    open();
    const outline = await screen.findByTestId('fund-outline');
    expect(detailRequests.bodies[0]).toEqual({ fund_id: '2' });
    expect(within(outline).getByTestId('fund-nav').textContent).toBe('₹10.0000');
    expect(within(outline).getByTestId('fund-day-change').textContent).toBe('+1.25%');
    expect(screen.getByTestId('fund-nav-live').textContent).toContain('Live NAV ₹10.0123, computed at 2:02 pm IST from the market stream');
    await waitFor(() => expect(screen.getByTestId('fund-nav-chart').getAttribute('data-points')).toBe('3'));
    expect(drawn.series.at(-1)!.map((point) => point.value)).toEqual([9.95, 9.8765, 10]);

    expect(screen.getByTestId('fund-net-assets').textContent).toBe('₹12,34,567.89');
    expect(screen.getByTestId('fund-units-outstanding').textContent).toBe('1,23,456.7890');
    expect(screen.getByTestId('fund-response-rate').textContent).toBe('97.50%');
    expect(screen.getByTestId('fund-order-count').textContent).toBe('120');
    expect(screen.getByTestId('fund-max-drawdown').textContent).toBe('8.12%');
    expect(screen.getByTestId('fund-fees-management').textContent).toBe('₹1,520.40');
    expect(screen.getByTestId('fund-fees-accrued').textContent).toBe('₹50.71');
    expect(screen.getByTestId('fund-fees-trading').textContent).toBe('₹2,210.05');

    const strategy = screen.getByTestId('fund-strategy-card');
    const parameter = (name: string) => strategy.querySelector(`[data-parameter=${name}]`)!.textContent;
    expect(parameter('lookback_days')).toContain('Look-back');
    expect(parameter('lookback_days')).toContain('20 days');
    expect(parameter('lookback_days')).toContain("Momentum is each stock's return over this many trading days.");
    expect(parameter('rebalance_minutes')).toContain('30 min');
    expect(parameter('cash_reserve_bps')).toContain('5.00%');

    const position = screen.getByTestId('fund-position');
    expect(position.textContent).toContain('Reliance Industries');
    expect(position.textContent).toContain('+₹4,365.00');
    expect(position.textContent).toContain('weight 20.25%');
    expect(screen.getByTestId('fund-orders-shown').textContent).toBe('latest 2 of 120');
    const orders = screen.getAllByTestId('fund-order');
    expect(orders.map((order) => order.getAttribute('data-order-no'))).toEqual(['9001', '9000']);
    expect(orders[0]!.textContent).toContain('Order 9001');
    expect(orders[0]!.textContent).toContain('filled at ₹2,456.35');
    expect(orders[1]!.textContent).toContain('Cancelled');
    expect(orders[1]!.textContent).toContain('limit ₹3,400.00');
  });

  it('sends-a-user-who-has-not-passed-the-exam-to-the-courseware-first', async () => {
    serving(detailOf({ exam_passed: false }));
    open();
    const gate = await screen.findByTestId('fund-exam-gate');
    expect(gate.textContent).toContain('pass its exam before you follow a fund');
    expect(within(gate).getByRole('link').getAttribute('href')).toContain('/home/qcList');
    expect(screen.queryByTestId('fund-follow')).toBeNull();
  });

  it('previews-units-with-fund-math-and-reuses-the-key-after-a-lost-answer', async () => {
    const detailRequests = serving(detailOf({}, { net_assets: '100000.00', units_outstanding: '10000.0000' }));
    const bodies: RequestOf<'fund/subscribe'>[] = [];
    server.use(
      http.post('*/api/vue/fund/subscribe', async ({ request }) => {
        bodies.push((await request.json()) as RequestOf<'fund/subscribe'>);
        return bodies.length === 1 ? HttpResponse.error() : HttpResponse.json({ status: 1, msg: 'ok', data: holdingOf({ state: 'pending' }) });
      }),
    );
    open();
    fireEvent.click(await screen.findByTestId('fund-follow'));
    const sheet = await screen.findByRole('dialog', { name: 'Follow Momentum 50' });
    fireEvent.change(input('fund-follow-amount'), { target: { value: '5,000' } });
    // ₹5,000 at NAV 10.0000 (₹1,00,000 over 10,000 units) is 500.0000 units.
    expect(within(sheet).getByTestId('fund-follow-units').textContent).toBe('500.0000');
    expect(within(sheet).getByText(/actual units are fixed then/)).toBeTruthy();
    fireEvent.click(within(sheet).getByTestId('fund-follow-confirm'));
    expect((await within(sheet).findByTestId('fund-follow-problem')).textContent).toContain('it will not be carried out twice');
    await waitFor(() => expect((within(sheet).getByTestId('fund-follow-confirm') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(within(sheet).getByTestId('fund-follow-confirm'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toMatchObject({ fund_id: '2', amount: '5000.00' });
    expect(bodies[1]!.idempotency_key).toBe(bodies[0]!.idempotency_key);
    expect(await screen.findByText("Subscription received: ₹5,000.00 is held until the fund's next NAV, then converted to units.")).toBeTruthy();
    await waitFor(() => expect(detailRequests.bodies).toHaveLength(2));
  });

  it('checks-the-minimum-and-capacity-and-shows-a-refusal-translated-in-the-sheet', async () => {
    serving(detailOf());
    const subscribe = refusing('fund/subscribe', 'insufficient_fundraising_amount:2500.00');
    server.use(subscribe.handler);
    open();
    fireEvent.click(await screen.findByTestId('fund-follow'));
    const sheet = await screen.findByRole('dialog');
    fireEvent.change(input('fund-follow-amount'), { target: { value: '500' } });
    expect(within(sheet).getByTestId('amount-error').textContent).toBe('The minimum purchase for this product is ₹1,000.00.');
    expect((within(sheet).getByTestId('fund-follow-confirm') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input('fund-follow-amount'), { target: { value: '9000000' } });
    expect(within(sheet).getByTestId('amount-error').textContent).toBe('Insufficient fundraising amount: this fund can take at most ₹87,65,432.10 more.');
    fireEvent.change(input('fund-follow-amount'), { target: { value: '5000' } });
    fireEvent.click(within(sheet).getByTestId('fund-follow-confirm'));
    expect((await within(sheet).findByTestId('fund-follow-problem')).textContent).toBe('Insufficient fundraising amount: this fund can take at most ₹2,500.00 more.');
    expect(subscribe.bodies).toHaveLength(1);
  });

  it('says-a-withdrawn-fund-does-not-exist-or-was-removed-instead-of-offering-retry', async () => {
    server.use(answerRefusal('fund/detail', 'fund_not_found_or_removed'), answerOk('user/info', userInfoOf()));
    open();
    expect(await screen.findByText('This product does not exist or has been removed.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.getByRole('link', { name: 'See the strategy funds' }).getAttribute('href')).toContain('/home/fllow');
  });

  it('says-why-a-fund-past-its-subscription-window-takes-no-subscriptions', async () => {
    serving(detailOf({}, { phase: 'running' }));
    open();
    expect((await screen.findByTestId('fund-closed-reason')).textContent).toBe('The copy-trading time limit has passed: this fund no longer takes subscriptions.');
    expect(screen.queryByTestId('fund-follow')).toBeNull();
  });

  it('redeems-all-of-a-holding-with-a-payout-preview-at-the-last-nav', async () => {
    serving(detailOf({ my_holdings: [holdingOf(), holdingOf({ id: '43', state: 'pending', units: '0.0000', redemptions: [] })] }, { net_assets: '102500.00', units_outstanding: '10000.0000' }));
    const redeem = recording('fund/redeem', (body) => holdingOf({ units: '0.0000', units_redeeming: body.units }));
    server.use(redeem.handler);
    open();
    const holdings = await screen.findAllByTestId('fund-holding');
    expect(holdings.map((holding) => holding.getAttribute('data-state'))).toEqual(['holding', 'pending']);
    // Only a holding with units can be redeemed.
    expect(within(holdings[1]!).queryByTestId('fund-redeem')).toBeNull();
    fireEvent.click(within(holdings[0]!).getByTestId('fund-redeem'));
    const sheet = await screen.findByRole('dialog', { name: 'Redeem from Momentum 50' });
    fireEvent.change(input('fund-redeem-units'), { target: { value: '500' } });
    expect(within(sheet).getByTestId('units-error').textContent).toBe('You hold 400.0000 units in this subscription.');
    fireEvent.click(within(sheet).getByRole('button', { name: 'Redeem all' }));
    expect(input('fund-redeem-units').value).toBe('400.0000');
    // 400 of 10,000 units of ₹1,02,500.00 is ₹4,100.00.
    expect(within(sheet).getByTestId('fund-redeem-payout').textContent).toBe('₹4,100.00');
    fireEvent.click(within(sheet).getByTestId('fund-redeem-confirm'));
    await waitFor(() => expect(redeem.bodies).toHaveLength(1));
    expect(redeem.bodies[0]).toMatchObject({ holding_id: '41', units: '400.0000' });
    expect(redeem.bodies[0]!.idempotency_key).toMatch(/^[A-Za-z0-9_.:-]{8,128}$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('reads-the-fund-again-on-its-own-so-a-new-nav-and-a-converted-subscription-show-without-a-pull', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const later = detailOf(
        { nav_live: { nav: '10.0456', at: '2026-11-25T08:33:10.000Z' }, my_holdings: [holdingOf()] },
        { nav: '10.0400', nav_at: '2026-11-25T08:33:00.000Z' },
      );
      const first = detailOf({ my_holdings: [holdingOf({ state: 'pending', units: '0.0000', redemptions: [] })] });
      let reads = 0;
      const detailRequests = recording('fund/detail', () => ((reads += 1) > 1 ? later : first));
      server.use(detailRequests.handler, answerOk('user/info', userInfoOf()));
      open();
      expect((await screen.findByTestId('fund-holding')).getAttribute('data-state')).toBe('pending');
      expect(within(screen.getByTestId('fund-outline')).getByTestId('fund-nav').textContent).toBe('₹10.0000');
      await vi.advanceTimersByTimeAsync(fundRefreshMs);
      await waitFor(() => expect(screen.getByTestId('fund-holding').getAttribute('data-state')).toBe('holding'));
      expect(detailRequests.bodies).toHaveLength(2);
      expect(within(screen.getByTestId('fund-outline')).getByTestId('fund-nav').textContent).toBe('₹10.0400');
      expect(screen.getByTestId('fund-nav-live').textContent).toContain('Live NAV ₹10.0456');
    } finally {
      vi.useRealTimers();
    }
  });
});

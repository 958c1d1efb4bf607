// The intraday page: the square-off time and countdown, the open intraday positions (only
// intraday ones, with the Intraday badge), today's squared-off positions with the reason, and
// a ticket that starts at the minimum, shows the fixed leverage and the margin needed, and
// sends an intraday market order.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { userInfoOf } from '../../funding/testing/fundingFixtures.ts';
import { marketStatusAnswer, recording } from '../../market/testing/marketFixtures.ts';
import { answerOk, server } from '../../../test/mswServer.ts';
import { renderPage } from '../../../test/renderPage.tsx';
import { orderOf, relianceDetail, tradingRules } from '../testing/tradingFixtures.ts';
import { formatHms, IntradayPage } from './IntradayPage.tsx';

const inTwoHours = () => new Date(Date.now() + 2 * 3_600_000 + 5_000).toISOString();

function serve() {
  const intraday = orderOf({ order_no: '21', product: 'intraday', leverage: 5, quantity: 10_000 });
  const delivery = orderOf({ order_no: '22', code: 'TCS', name: 'Tata Consultancy Services' });
  const squared = orderOf({
    order_no: '23', product: 'intraday', status: 'closed', close_reason: 'intraday_square_off', close_price: '101.00', realised_pnl: '100.00', closed_at: new Date().toISOString(),
  });
  const place = recording('order/place', (body) => orderOf({ order_no: '24', product: 'intraday', quantity: body.quantity, leverage: body.leverage }));
  server.use(
    marketStatusAnswer,
    answerOk('intraday/status', { leverage: 5, minimum_shares: 10_000, square_off_at: inTwoHours(), closed_for_the_day: false }),
    answerOk('trade/rules', tradingRules),
    answerOk('user/info', userInfoOf()),
    recording('order/list', (body) => (body.status === 'holding' ? [intraday, delivery] : [squared])).handler,
    answerOk('stock/search', [{ code: 'RELIANCE', name: 'Reliance Industries', kind: 'equity', currency: 'INR' }]),
    answerOk('stock/detail', relianceDetail),
    place.handler,
  );
  return { place };
}

describe('intraday page', () => {
  it('shows the square-off countdown, only intraday positions with their badge, and today\'s squared-off ones with the reason', async () => {
    serve();
    const { container } = renderPage(IntradayPage, '/home/dayTrading');
    const countdown = await screen.findByTestId('square-off-countdown');
    expect(countdown.textContent).toMatch(/^02:00:0\d$/);
    const open = screen.getByTestId('intraday-open');
    expect(open.querySelector('[data-order-no="21"]')).toBeTruthy();
    expect(open.querySelector('[data-order-no="22"]')).toBeNull();
    expect(within(open).getByTestId('intraday-badge').textContent).toBe('Intraday');
    const squared = screen.getByTestId('intraday-squared-off');
    expect(within(squared).getByText('Squared off automatically at the intraday square-off time')).toBeTruthy();
    expect(container.querySelector('[data-order-no="23"]')).toBeTruthy();
  });

  it('opens an intraday market order at the intraday leverage from a searched stock, starting at the minimum', async () => {
    const { place } = serve();
    renderPage(IntradayPage, '/home/dayTrading');
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Search a stock by name or code' }), { target: { value: 'reli' } });
    fireEvent.click(await screen.findByRole('listitem'));
    expect(await screen.findByTestId('intraday-stock')).toBeTruthy();
    expect(screen.getByTestId('intraday-leverage').textContent).toBe('5×');
    // 10,000 shares is 400 lots of 25; at ₹2,456.35 and 5× the margin is ₹49,12,700, plus the opening fees (block-trade size).
    expect((screen.getByRole('textbox', { name: 'Quantity' }) as HTMLInputElement).value).toBe('10000');
    expect(screen.getByTestId('intraday-margin').textContent).toBe('₹49,39,719.85');
    fireEvent.click(screen.getByRole('button', { name: 'Buy intraday' }));
    await waitFor(() => expect(place.bodies).toHaveLength(1));
    expect(place.bodies[0]).toMatchObject({ code: 'RELIANCE', side: 'long', type: 'market', quantity: 10_000, leverage: 5, product: 'intraday' });
  });

  it('formats the countdown as hours, minutes and seconds', () => {
    expect(formatHms(3_723_000)).toBe('01:02:03');
    expect(formatHms(0)).toBe('00:00:00');
  });
});

// Proves the order sheet steps by lots, refuses an off-tick or out-of-band limit price
// inline without sending anything, previews the frozen amount to the paisa, and that
// confirming sends exactly one order/place with one idempotency key, even on a double
// tap, reusing that key when the same confirmation is retried after a network failure or
// dismissed and confirmed again, and making a new one for changed details or after a refusal;
// that a won listing's figures and available balance are in whole won, computed as the server
// does, and that without won the sheet offers the exchange instead of a confirm, in English,
// Traditional Chinese and Korean.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { RequestOf, ResponseOf } from '../../../contract/api.ts';
import { activateLocale } from '../../i18n/activateLocale.ts';
import { userInfoOf } from '../funding/testing/fundingFixtures.ts';
import { marketStatusAnswer, quoteRow, recording } from '../market/testing/marketFixtures.ts';
import { answerOk, server } from '../../test/mswServer.ts';
import { renderPage } from '../../test/renderPage.tsx';
import { OrderSheetPage } from './OrderSheetPage.tsx';
import { orderOf, relianceDetail, tradingRules } from './testing/tradingFixtures.ts';

function openSheet(path = '/market/marketBuy?code=RELIANCE', detail = relianceDetail, info = userInfoOf()) {
  server.use(marketStatusAnswer, answerOk('stock/detail', detail), answerOk('trade/rules', tradingRules), answerOk('user/info', info));
  return renderPage(OrderSheetPage, path);
}

/** A won-priced listing: prices travel in hundredths of a won, the ledger holds whole won. */
const samsungDetail: ResponseOf<'stock/detail'> = {
  ...relianceDetail,
  instrument: { ...relianceDetail.instrument, code: '005930', name: 'Samsung Electronics', isin: 'KR7005930003', exchange: 'KRX', currency: 'KRW', tickSize: '0.50' },
  quote: quoteRow('005930', { name: 'Samsung Electronics', currency: 'KRW', last: '61550.50', lowerBand: '43085.50', upperBand: '80015.50' }),
};

const rupeesAndWon = (won: string) =>
  userInfoOf([
    { currency: 'INR', cash: '500000.00', available: '450000.00', frozen: '50000.00' },
    { currency: 'KRW', cash: won, available: won, frozen: '0' },
  ]);

const query = (container: HTMLElement, selector: string) => container.querySelector(selector) as HTMLElement;

describe('OrderSheetPage', () => {
  it('the-stepper-moves-by-the-lot-from-trade-rules', async () => {
    const { container } = openSheet();
    expect(await screen.findByText('Reliance Industries')).toBeTruthy();
    const quantity = query(container, 'input[name=quantity]') as HTMLInputElement;
    expect(quantity.value).toBe('25');
    fireEvent.click(screen.getByRole('button', { name: 'One lot more' }));
    fireEvent.click(screen.getByRole('button', { name: 'One lot more' }));
    expect(quantity.value).toBe('75');
    fireEvent.click(screen.getByRole('button', { name: 'One lot less' }));
    expect(quantity.value).toBe('50');
    fireEvent.change(quantity, { target: { value: '30' } });
    expect(await screen.findByText('Enter a quantity in whole lots of 25 shares.')).toBeTruthy();
  });

  it('an-off-tick-limit-price-shows-the-error-and-sends-nothing', async () => {
    const place = recording('order/place', () => orderOf());
    server.use(place.handler);
    const { container } = openSheet();
    await screen.findByText('Reliance Industries');
    fireEvent.click(query(container, 'button[data-order-type=limit]'));
    fireEvent.change(query(container, 'input[name=price]'), { target: { value: '2456.33' } });
    expect(screen.getByRole('alert').textContent).toBe('The price must be a multiple of the tick size ₹0.05.');
    fireEvent.click(query(container, 'button[type=submit]'));
    expect(container.querySelector('button[data-action=confirm-order]')).toBeNull();

    fireEvent.change(query(container, 'input[name=price]'), { target: { value: '2700.00' } });
    expect(screen.getByRole('alert').textContent).toBe('Exceeded price limit: the highest price allowed today is ₹2,673.00.');
    fireEvent.click(query(container, 'button[type=submit]'));
    expect(container.querySelector('[role=dialog]')).toBeNull();
    expect(place.bodies).toEqual([]);
  });

  it('the-preview-shows-amount-margin-fees-and-total-in-paise', async () => {
    const { container } = openSheet();
    await screen.findByText('Reliance Industries');
    fireEvent.click(query(container, 'button[data-leverage="5"]'));
    // 2456.35 × 25 = 61,408.75; ÷ 5 = 12,281.75; fee 3 bp = 18.42; stamp 10 bp = 61.41 (61.40875 half up).
    expect(screen.getByTestId('preview-amount').textContent).toBe('₹61,408.75');
    expect(screen.getByTestId('preview-margin').textContent).toBe('₹12,281.75');
    expect(screen.getByTestId('preview-service-fee').textContent).toBe('₹18.42');
    expect(screen.getByTestId('preview-stamp-duty').textContent).toBe('₹61.41');
    expect(screen.getByTestId('preview-total-frozen').textContent).toBe('₹12,361.58');
    fireEvent.click(query(container, 'button[data-side=short]'));
    // A short opens with a sell: no stamp duty, the transaction tax instead (5 bp = 30.70).
    expect(screen.queryByTestId('preview-stamp-duty')).toBeNull();
    expect(screen.getByTestId('preview-selling-fee').textContent).toBe('₹30.70');
    expect(screen.getByTestId('preview-total-frozen').textContent).toBe('₹12,330.87');
  });

  it('a-double-tap-on-confirm-places-one-order-and-opens-positions', async () => {
    const place = recording('order/place', (body) => orderOf({ order_no: '2001', quantity: body.quantity, status: 'holding' }));
    server.use(place.handler);
    const { container } = openSheet();
    await screen.findByText('Reliance Industries');
    fireEvent.click(query(container, 'button[data-leverage="2"]'));
    fireEvent.click(query(container, 'button[type=submit]'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('₹61,408.75');
    const confirm = query(container, 'button[data-action=confirm-order]');
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(await screen.findByTestId('elsewhere')).toBeTruthy();
    expect(screen.getByTestId('elsewhere').textContent).toBe('/trade/position');
    expect(place.bodies).toHaveLength(1);
    const body = place.bodies[0] as RequestOf<'order/place'>;
    expect(body).toMatchObject({ code: 'RELIANCE', side: 'long', type: 'market', quantity: 25, leverage: 2 });
    expect(body.idempotency_key).toMatch(/^[A-Za-z0-9_.:-]{8,128}$/);
    expect(body.price).toBeUndefined();
  });

  it('a-retry-after-a-network-failure-reuses-the-key-and-a-pending-limit-opens-waitOrder', async () => {
    const keys: string[] = [];
    server.use(
      http.post('*/api/vue/order/place', async ({ request }) => {
        const body = (await request.json()) as RequestOf<'order/place'>;
        keys.push(body.idempotency_key);
        if (keys.length === 1) return HttpResponse.error();
        return HttpResponse.json({ status: 1, msg: 'ok', data: orderOf({ status: 'pending', type: 'limit', limit_price: body.price ?? null, fill_price: null }) });
      }),
    );
    const { container } = openSheet('/market/marketBuy?code=RELIANCE&side=short');
    await screen.findByText('Reliance Industries');
    expect(query(container, 'button[data-side=short]').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(query(container, 'button[data-order-type=limit]'));
    fireEvent.change(query(container, 'input[name=price]'), { target: { value: '2450.05' } });
    fireEvent.click(query(container, 'button[type=submit]'));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm order' }));
    expect(await screen.findByText('Network problem. Please check your connection and try again.')).toBeTruthy();
    await waitFor(() => expect(query(container, 'button[data-action=confirm-order]').hasAttribute('disabled')).toBe(false));
    fireEvent.click(query(container, 'button[data-action=confirm-order]'));
    expect(await screen.findByTestId('elsewhere')).toBeTruthy();
    expect(screen.getByTestId('elsewhere').textContent).toBe('/trade/waitOrder');
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('dismissed-after-a-lost-answer-and-confirmed-again-sends-the-same-key-a-changed-quantity-a-new-one', async () => {
    const keys: string[] = [];
    server.use(
      http.post('*/api/vue/order/place', async ({ request }) => {
        keys.push(((await request.json()) as RequestOf<'order/place'>).idempotency_key);
        if (keys.length < 3) return HttpResponse.error();
        return HttpResponse.json({ status: 1, msg: 'ok', data: orderOf({ status: 'holding' }) });
      }),
    );
    const { container } = openSheet();
    await screen.findByText('Reliance Industries');
    const confirmAndLoseTheAnswer = async () => {
      fireEvent.click(query(container, 'button[type=submit]'));
      fireEvent.click(await screen.findByRole('button', { name: 'Confirm order' }));
      await waitFor(() => expect(query(container, 'button[data-action=confirm-order]').hasAttribute('disabled')).toBe(false));
      fireEvent.click(screen.getByRole('button', { name: 'Back' }));
      expect(container.querySelector('[role=dialog]')).toBeNull();
    };
    await confirmAndLoseTheAnswer();
    await confirmAndLoseTheAnswer();
    expect(keys[1]).toBe(keys[0]);
    fireEvent.click(screen.getByRole('button', { name: 'One lot more' }));
    fireEvent.click(query(container, 'button[type=submit]'));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm order' }));
    expect(await screen.findByTestId('elsewhere')).toBeTruthy();
    expect(keys).toHaveLength(3);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('a-refusal-closes-the-confirmation-and-the-next-order-is-a-new-request', async () => {
    const keys: string[] = [];
    server.use(
      http.post('*/api/vue/order/place', async ({ request }) => {
        keys.push(((await request.json()) as RequestOf<'order/place'>).idempotency_key);
        return HttpResponse.json({ status: 0, msg: 'insufficient_balance', data: null });
      }),
    );
    const { container } = openSheet();
    await screen.findByText('Reliance Industries');
    for (let attempt = 0; attempt < 2; attempt += 1) {
      fireEvent.click(query(container, 'button[type=submit]'));
      fireEvent.click(await screen.findByRole('button', { name: 'Confirm order' }));
      await waitFor(() => expect(container.querySelector('[role=dialog]')).toBeNull());
    }
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('the-available-balance-is-the-rupee-balance-for-a-rupee-stock', async () => {
    openSheet();
    await screen.findByText('Reliance Industries');
    expect(screen.getByTestId('available-balance').textContent).toBe('₹9,87,654.32');
    expect(screen.getByText('Available (₹)')).toBeTruthy();
  });

  it('a-won-listing-previews-in-whole-won-as-the-server-charges-and-confirms-in-won', async () => {
    const place = recording('order/place', () => orderOf({ status: 'holding', code: '005930', currency: 'KRW' }));
    server.use(place.handler);
    const { container } = openSheet('/market/marketBuy?code=005930', samsungDetail, rupeesAndWon('2000000'));
    await screen.findByText('Samsung Electronics');
    expect(screen.getByTestId('available-balance').textContent).toBe('₩2,000,000');
    // ₩61,550.50 × 25 = ₩1,538,762.5 → ₩1,538,763 (the ledger holds whole won, half up);
    // fee 3 bp = 461.63 → ₩462; stamp duty 10 bp = 1,538.76 → ₩1,539; margin at 1× = the amount.
    expect(screen.getByTestId('preview-amount').textContent).toBe('₩1,538,763');
    expect(screen.getByTestId('preview-service-fee').textContent).toBe('₩462');
    expect(screen.getByTestId('preview-stamp-duty').textContent).toBe('₩1,539');
    expect(screen.getByTestId('preview-total-frozen').textContent).toBe('₩1,540,764');
    expect(screen.queryByTestId('exceeds-available')).toBeNull();
    fireEvent.click(query(container, 'button[type=submit]'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('₩1,540,764');
    expect(dialog.textContent).not.toContain('₹');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm order' }));
    await waitFor(() => expect(place.bodies).toHaveLength(1));
    expect(place.bodies[0]).toMatchObject({ code: '005930', quantity: 25 });
  });

  for (const { locale, notice, action } of [
    { locale: 'en', notice: 'You have no South Korean Won (KRW) available. Orders in this stock are paid in KRW.', action: 'Exchange for KRW' },
    { locale: 'zh-Hant', notice: 'KRW', action: '兌換 KRW' },
    { locale: 'ko', notice: 'KRW', action: 'KRW(으)로 환전' },
  ] as const) {
    it(`without-won-the-sheet-offers-the-exchange-instead-of-a-confirm-${locale}`, async () => {
      await activateLocale(locale);
      const place = recording('order/place', () => orderOf());
      server.use(place.handler);
      const { container } = openSheet('/market/marketBuy?code=005930', samsungDetail, userInfoOf());
      expect(await screen.findByTestId('no-balance-in-currency')).toBeTruthy();
      expect(screen.getByTestId('available-balance').textContent).toBe('₩0');
      expect(screen.getByTestId('no-balance-in-currency').textContent).toContain(notice);
      expect(screen.getByRole('link', { name: action }).getAttribute('href')).toContain('/information/exChange');
      expect(container.querySelector('button[type=submit]')).toBeNull();
      expect(place.bodies).toEqual([]);
    });
  }

  it('a-total-beyond-the-available-won-says-so-before-review', async () => {
    openSheet('/market/marketBuy?code=005930', samsungDetail, rupeesAndWon('1540763'));
    await screen.findByText('Samsung Electronics');
    expect(screen.getByTestId('exceeds-available').textContent).toBe('This needs more than your available ₩1,540,763: lower the quantity or raise the leverage.');
    fireEvent.click(screen.getByRole('button', { name: '2×' }));
    await waitFor(() => expect(screen.queryByTestId('exceeds-available')).toBeNull());
  });

  it('a-no-balance-in-currency-refusal-turns-the-confirm-into-the-exchange-offer', async () => {
    server.use(http.post('*/api/vue/order/place', () => HttpResponse.json({ status: 0, msg: 'no_balance_in_currency', data: null })));
    const { container } = openSheet('/market/marketBuy?code=005930', samsungDetail, rupeesAndWon('2000000'));
    await screen.findByText('Samsung Electronics');
    fireEvent.click(query(container, 'button[type=submit]'));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm order' }));
    expect(await screen.findByTestId('no-balance-in-currency')).toBeTruthy();
    expect(container.querySelector('[role=dialog]')).toBeNull();
    expect(container.querySelector('button[type=submit]')).toBeNull();
  });

  it('without-rupees-a-rupee-stock-offers-a-deposit', async () => {
    openSheet('/market/marketBuy?code=RELIANCE', relianceDetail, userInfoOf([{ currency: 'INR', cash: '0.00', available: '0.00', frozen: '0.00' }]));
    expect(await screen.findByTestId('no-balance-in-currency')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Deposit rupees' }).getAttribute('href')).toContain('/information/recharge');
  });
});

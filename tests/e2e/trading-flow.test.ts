// Trading end to end in real Chromium at phone size against the real server: buy 100
// shares at market, see the position and its live P&L, close it, and see a realised P&L
// that is (close − fill) × quantity on the history and the detail page, in English and in
// Korean, plus the ledger statement lines that moved the money. Then an order whose first
// answer is lost on the way back, dismissed and confirmed again, is placed exactly once; and
// an order placed and closed elsewhere shows and goes on the open screen by itself.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRupees, parseRupees } from '../../contract/money.ts';
import { type Browser, openPhoneBrowser, type RunningApp, screenshotDir, signInAsDemo, startApp, sessionOf } from './harness.ts';

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(screenshotDir, { recursive: true });
  app = await startApp({ MARKET_WARMUP_MINUTES: '5' });
  browser = await openPhoneBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const shot = (page: Page, name: string) => page.screenshot({ path: join(screenshotDir, `${name}.png`) });

type Order = { order_no: string; code: string; status: string; quantity: number; fill_price: string | null; close_price: string | null; realised_pnl: string | null };

/** Calls the API with the session the signed-in page holds, as the app does. */
async function api<T>(page: Page, path: string, body: unknown): Promise<T> {
  const session = await sessionOf(page);
  const response = await fetch(`${app.baseUrl}/api/vue/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...session }, body: JSON.stringify(body) });
  const envelope = (await response.json()) as { status: number; msg: string; data: T };
  expect(envelope.status, `${path}: ${envelope.msg}`).toBe(1);
  return envelope.data;
}

const paiseOf = (rupees: string | null) => {
  const paise = rupees === null ? null : parseRupees(rupees);
  if (paise === null) throw new Error(`not an amount: ${rupees}`);
  return paise;
};

/**
 * An amount as shown, reduced to its sign, digits and decimal point, so the check holds
 * whatever the language's grouping and currency sign: "+₹1,23,456.50" → "+123456.50".
 */
const shownAmount = async (locator: Locator) => ((await locator.textContent()) ?? '').replace(/\u2212/g, '-').replace(/[^\d.+-]/g, '');
/** The same reduction of an amount in paise, with the sign the app always shows on a P&L. */
const expectedAmount = (paise: bigint, signed: boolean) => (signed && paise > 0n ? '+' : '') + formatRupees(paise);

async function buyAtMarket(page: Page, code: string) {
  await page.goto(`${app.baseUrl}/#/market/marketBuy?code=${code}`);
  await page.locator('button[data-order-type="market"]').click();
  await page.locator('button[data-side="long"]').click();
  await page.locator('button[data-leverage="1"]').click();
  await expect.poll(() => page.locator('input[name="quantity"]').inputValue(), { timeout: 10_000 }).toBe('100');
}

/** The detail page of a closed order shows its fill, close and realised P&L = (close − fill) × quantity. */
async function expectRealisedPnlOnDetail(page: Page, order: Order, realisedPnl: bigint) {
  await page.goto(`${app.baseUrl}/#/trade/positionDetail?order_no=${order.order_no}`);
  await page.locator(`[data-order-no="${order.order_no}"]`).waitFor({ timeout: 15_000 });
  expect(await shownAmount(page.getByTestId('fill-price'))).toBe(expectedAmount(paiseOf(order.fill_price), false));
  expect(await shownAmount(page.getByTestId('close-price'))).toBe(expectedAmount(paiseOf(order.close_price), false));
  expect(await shownAmount(page.getByTestId('realised-pnl'))).toBe(expectedAmount(realisedPnl, true));
}

describe('trading in Chromium', () => {
  it('buy-100-at-market-close-it-and-the-realised-pnl-is-close-minus-fill-times-quantity-in-english-and-korean', async () => {
    const { page } = browser;
    await signInAsDemo(page, app.baseUrl);

    await buyAtMarket(page, 'TCS');
    await shot(page, '20-order-sheet');
    await page.locator('button[type="submit"]').click();
    await page.locator('button[data-action="confirm-order"]').click();
    await page.waitForURL(/#\/trade\/position/, { timeout: 15_000 });

    const row = page.locator('[data-order-no]').first();
    await row.waitFor({ timeout: 15_000 });
    const orderNo = (await row.getAttribute('data-order-no'))!;
    const pnl = row.locator('[data-testid="unrealised-pnl"]');
    // Closed once the price has moved off the fill, so the P&L checked below is not a trivial zero.
    await expect.poll(async () => /[1-9]/.test(await shownAmount(pnl)), { timeout: 30_000 }).toBe(true);
    await shot(page, '21-position-live-pnl');

    await row.locator('button[data-action="close-position"]').click();
    await page.locator('button[data-action="confirm-close"]').click();
    await expect.poll(() => page.locator('[data-order-no]').count(), { timeout: 15_000 }).toBe(0);

    // The P&L the server recorded is the price difference times the quantity, fees apart (server/trading/rules.ts pnlAt).
    const closed = await api<Order>(page, 'order/detail', { order_no: orderNo });
    expect(closed.status).toBe('closed');
    const realisedPnl = (paiseOf(closed.close_price) - paiseOf(closed.fill_price)) * BigInt(closed.quantity);
    expect(paiseOf(closed.realised_pnl)).toBe(realisedPnl);

    await page.goto(`${app.baseUrl}/#/trade/historyOrder`);
    const historyPnl = page.locator(`[data-order-no="${orderNo}"] [data-testid="realised-pnl"]`);
    await historyPnl.waitFor({ timeout: 15_000 });
    expect(await shownAmount(historyPnl)).toBe(expectedAmount(realisedPnl, true));
    await shot(page, '22-history-realised');

    await expectRealisedPnlOnDetail(page, closed, realisedPnl);
    await shot(page, '22-closed-position-detail');

    await page.goto(`${app.baseUrl}/#/information/fundRecord`);
    // Demo funding, the fill (a market order pays from available money with no hold) and the close.
    await expect.poll(() => page.locator('[data-testid="statement-line"]').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    await expect.poll(() => page.getByText(/position closed/i).count()).toBeGreaterThan(0);
    await shot(page, '23-statement');

    // The same figures for a Korean reader: Korean labels, the same amounts.
    await page.evaluate(() => localStorage.setItem('language', 'ko'));
    await page.reload();
    await expectRealisedPnlOnDetail(page, closed, realisedPnl);
    await expect.poll(() => page.getByText('실현 손익').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await page.getByText('체결가').count()).toBeGreaterThan(0);
    await shot(page, '24-closed-position-detail-ko');
    await page.goto(`${app.baseUrl}/#/trade/historyOrder`);
    await historyPnl.waitFor({ timeout: 15_000 });
    expect(await shownAmount(historyPnl)).toBe(expectedAmount(realisedPnl, true));
    await page.evaluate(() => localStorage.setItem('language', 'en'));
  });

  it('the-answer-to-the-first-confirm-is-lost-the-user-dismisses-and-confirms-again-and-exactly-one-order-exists', async () => {
    const { page } = browser;
    await signInAsDemo(page, app.baseUrl);
    const holdingBefore = await api<Order[]>(page, 'order/list', { status: 'holding', page: 1 });
    expect(holdingBefore.filter((order) => order.code === 'INFY')).toEqual([]);

    // The first order/place reaches the server, which places the order; its answer never reaches the page.
    let firstAnswer: { status: number; data: Order } | null = null;
    await page.route(
      '**/api/vue/order/place',
      async (route) => {
        const response = await route.fetch();
        firstAnswer = (await response.json()) as { status: number; data: Order };
        await route.abort('connectionreset');
      },
      { times: 1 },
    );

    await buyAtMarket(page, 'INFY');
    await page.locator('button[type="submit"]').click();
    const confirm = page.locator('button[data-action="confirm-order"]');
    await confirm.click();
    await expect.poll(() => firstAnswer?.status, { timeout: 15_000 }).toBe(1);
    // The sheet stays open, ready again, on the same page: nothing told the user the order was placed.
    await expect.poll(() => confirm.isEnabled(), { timeout: 15_000 }).toBe(true);
    expect(page.url()).toMatch(/#\/market\/marketBuy/);
    await shot(page, '25-order-answer-lost');

    await page.locator('button[data-action="dismiss-order"]').click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.locator('button[type="submit"]').click();
    await confirm.click();
    await page.waitForURL(/#\/trade\/position/, { timeout: 15_000 });

    const placed = firstAnswer!.data;
    const holding = (await api<Order[]>(page, 'order/list', { status: 'holding', page: 1 })).filter((order) => order.code === 'INFY');
    expect(holding.map((order) => order.order_no)).toEqual([placed.order_no]);
    // The list on screen shows that one order.
    await page.locator(`[data-order-no="${placed.order_no}"]`).waitFor({ timeout: 15_000 });
    await expect.poll(() => page.locator('[data-order-no]').count()).toBe(1);
    await shot(page, '26-one-order-after-double-confirm');
  });

  it('an-order-placed-from-another-device-shows-on-the-open-positions-screen-without-a-pull', async () => {
    const { page } = browser;
    await signInAsDemo(page, app.baseUrl);
    await page.goto(`${app.baseUrl}/#/trade/position`);
    await page.locator('[data-order-no]').first().waitFor({ timeout: 15_000 });
    const before = await page.locator('[data-order-no]').count();
    // Same session, another request: as the phone's second tab or the desktop would place it.
    const placed = await api<Order>(page, 'order/place', { code: 'SBIN', side: 'long', type: 'market', quantity: 100, leverage: 1, idempotency_key: `other-device-${Date.now()}` });
    // The writer's events reach this page's socket (order_update) and the list loads again.
    await page.locator(`[data-order-no="${placed.order_no}"]`).waitFor({ timeout: 10_000 });
    expect(await page.locator('[data-order-no]').count()).toBe(before + 1);
    await shot(page, '27-position-pushed');
    await api<Order>(page, 'order/close', { order_no: placed.order_no, idempotency_key: `other-device-close-${Date.now()}` });
    await page.locator(`[data-order-no="${placed.order_no}"]`).waitFor({ state: 'detached', timeout: 10_000 });
  });
});

// The portfolio valued at market in real Chromium at 390×844 against the real server: the
// demo user buys a stock and Home's total assets move on their own while the stock's price
// moves (the quote stream, no reload); the Funds tab draws the demo's seeded 90-day balance
// history (a canvas, labelled simulated), the positions screen shows the P&L calendar (days
// marked simulated) and the holdings list values the position at the live price, in
// English, Traditional Chinese and Korean.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
const textOf = async (page: Page, testId: string) => ((await page.getByTestId(testId).first().textContent()) ?? '').trim();

/** Calls the API with the session the signed-in page holds, as the app does. */
async function api<T>(page: Page, path: string, body: unknown): Promise<T> {
  const session = await sessionOf(page);
  const response = await fetch(`${app.baseUrl}/api/vue/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...session }, body: JSON.stringify(body) });
  const envelope = (await response.json()) as { status: number; msg: string; data: T };
  expect(envelope.status, `${path}: ${envelope.msg}`).toBe(1);
  return envelope.data;
}

async function chooseLanguage(page: Page, locale: string) {
  await page.goto(`${app.baseUrl}/#/information/changeLang`);
  await page.locator(`label[lang="${locale}"]`).click();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang), { timeout: 5_000 }).toBe(locale);
}

const readings = [
  { locale: 'en', simulated: 'Simulated history (demo)', calendar: 'P&L calendar' },
  { locale: 'zh-Hant', simulated: '模擬歷史（示範）', calendar: '損益日曆' },
  { locale: 'ko', simulated: '시뮬레이션 기록(데모)', calendar: '손익 달력' },
] as const;

describe('a portfolio valued at market', () => {
  it('home-total-assets-follow-the-price-of-a-held-stock', async () => {
    const { page } = browser;
    await signInAsDemo(page, app.baseUrl);
    await page.goto(`${app.baseUrl}/#/market/marketBuy?code=TCS`);
    await page.locator('button[data-order-type="market"]').click();
    await page.locator('button[data-side="long"]').click();
    await page.locator('button[data-leverage="1"]').click();
    await expect.poll(() => page.locator('input[name="quantity"]').inputValue(), { timeout: 10_000 }).toBe('100');
    await page.locator('button[type="submit"]').click();
    await page.locator('button[data-action="confirm-order"]').click();
    await page.waitForURL(/#\/trade\/position/, { timeout: 15_000 });

    // The server values the position at market: total assets are no longer the cash.
    const info = await api<{ balances: { cash: string; total_assets: string; invested: string } }>(page, 'user/info', {});
    expect(info.balances.invested).not.toBe('0.00');

    await page.goto(`${app.baseUrl}/#/home/index`);
    const total = page.getByTestId('total-assets');
    await expect.poll(async () => /\d/.test((await total.textContent()) ?? ''), { timeout: 15_000 }).toBe(true);
    const first = await textOf(page, 'total-assets');
    const requests: string[] = [];
    page.on('request', (request) => request.url().includes('/api/vue/user/info') && requests.push(request.url()));
    // The demo market moves every second: the total changes on screen while the position is open, without asking the server again.
    await expect.poll(() => textOf(page, 'total-assets'), { timeout: 30_000, interval: 250 }).not.toBe(first);
    expect(requests).toEqual([]);
    expect(await textOf(page, 'portfolio-current-value')).toMatch(/^₹\d/);
    expect(await textOf(page, 'portfolio-unrealised-pnl')).toMatch(/^[+-]?₹\d|^₹0\.00$/);
    await shot(page, '70-home-total-at-market');
  });

  for (const reading of readings) {
    it(`balance-history-calendar-and-holdings-render-for-the-demo-user-in-${reading.locale}`, async () => {
      const { page } = browser;
      await chooseLanguage(page, reading.locale);

      await page.goto(`${app.baseUrl}/#/information/mine_fund`);
      const chart = page.getByTestId('balance-history-chart');
      await chart.waitFor({ timeout: 15_000 });
      await expect.poll(() => chart.locator('canvas').count(), { timeout: 10_000 }).toBeGreaterThan(0);
      expect(await textOf(page, 'balance-history-simulated')).toContain(reading.simulated);
      await expect.poll(() => textOf(page, 'summary-holdings'), { timeout: 10_000 }).toBe('1');
      await page.getByTestId('balance-history').scrollIntoViewIfNeeded();
      await shot(page, `71-balance-history-${reading.locale}`);

      await page.goto(`${app.baseUrl}/#/trade/position`);
      const calendar = page.getByTestId('pnl-calendar');
      await calendar.waitFor({ timeout: 15_000 });
      expect(await calendar.getAttribute('aria-label')).toBe(reading.calendar);
      await expect.poll(() => page.getByTestId('pnl-day').count(), { timeout: 10_000 }).toBeGreaterThan(0);
      // This month's days before today are the seeded simulated history, unless today is the 1st.
      const days = await page.getByTestId('pnl-day').count();
      if (days > 1) expect(await textOf(page, 'pnl-calendar-simulated')).toContain(reading.simulated.slice(0, 4));
      await calendar.scrollIntoViewIfNeeded();
      await shot(page, `72-pnl-calendar-${reading.locale}`);

      await page.goto(`${app.baseUrl}/#/trade/shareholding`);
      const row = page.locator('[data-testid="holding-row"][data-code="TCS"]');
      await row.waitFor({ timeout: 15_000 });
      expect(await row.getByTestId('holding-value').textContent()).toMatch(/₹\d/);
      await shot(page, `73-holdings-${reading.locale}`);
    });
  }
});

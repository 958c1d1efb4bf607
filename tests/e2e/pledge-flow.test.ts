// Margin loans on pledged stock end to end in real Chromium at phone size, in English,
// Traditional Chinese and Korean: the demo user buys TCS fully paid, pledges it on
// /information/pledge and borrows against it; then the price moves (the market here is
// driven by the test) and the screen shows the new limit and loan-to-value by itself.
// The server runs in this process over a hand-driven market so the move is exact.
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../server/app.ts';
import type { Database } from '../../server/db/database.ts';
import { openDatabase } from '../../server/db/open.ts';
import { seedDemo } from '../../server/demo/seed.ts';
import { loadCatalog } from '../../server/market/instruments/catalog.ts';
import { handDrivenMarket, type HandDrivenMarket } from '../../server/market/testing/marketTestKit.ts';
import { type Browser, openPhoneBrowser, screenshotDir, signInAsDemo, sessionOf } from './harness.ts';

let db: Database;
let app: App;
let baseUrl: string;
let driven: HandDrivenMarket;
let browser: Browser;
let uploadDir: string;

/** ₹1,500.00 a share: 100 shares are worth ₹1,50,000 and, at the 50 % haircut, lend ₹75,000. */
const tcsPaise = 150_000;

beforeAll(async () => {
  mkdirSync(screenshotDir, { recursive: true });
  db = await openDatabase({ engine: 'pglite', dataDir: undefined });
  await seedDemo(db);
  driven = handDrivenMarket(11, loadCatalog().instruments);
  driven.trade('TCS', tcsPaise);
  uploadDir = await mkdtemp(join(tmpdir(), 'ledgerline-pledge-e2e-'));
  const market = { market: driven.market, kline: { candles: () => [], realUntil: () => null }, start() {}, async stop() {} };
  app = await buildApp({ db, demoMode: true, webDir: resolve('dist/web'), market, uploadDir });
  const address = await app.http.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = address.replace('localhost', '127.0.0.1');
  browser = await openPhoneBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.http.close();
  await db?.close();
  if (uploadDir) await rm(uploadDir, { recursive: true, force: true });
});

const shot = (page: Page, name: string) => page.screenshot({ path: join(screenshotDir, `${name}.png`) });
const digits = async (page: Page, testId: string) => ((await page.getByTestId(testId).first().textContent()) ?? '').replace(/[^\d.%]/g, '');

/** Calls the API with the session the signed-in page holds, as the app does. */
async function api<T>(page: Page, path: string, body: unknown): Promise<T> {
  const session = await sessionOf(page);
  const response = await fetch(`${baseUrl}/api/vue/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...session }, body: JSON.stringify(body) });
  const envelope = (await response.json()) as { status: number; msg: string; data: T };
  expect(envelope.status, `${path}: ${envelope.msg}`).toBe(1);
  return envelope.data;
}

async function chooseLanguage(page: Page, locale: string) {
  await page.goto(`${baseUrl}/#/information/changeLang`);
  await page.locator(`label[lang="${locale}"]`).click();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang), { timeout: 5_000 }).toBe(locale);
}

const readings = [{ locale: 'en' }, { locale: 'zh-Hant' }, { locale: 'ko' }] as const;

describe('margin loans on pledged stock in Chromium', () => {
  it.each(readings)('$locale: pledge TCS, borrow against it, and see the limit follow the price', async ({ locale }) => {
    const { page } = browser;
    if (locale === 'en') await signInAsDemo(page, baseUrl);
    await chooseLanguage(page, locale);
    driven.trade('TCS', tcsPaise);
    const order = await api<{ order_no: string }>(page, 'order/place', {
      code: 'TCS', side: 'long', type: 'market', quantity: 100, leverage: 1, idempotency_key: `e2e-pledge-buy-${locale}-${Date.now()}`,
    });

    await page.goto(`${baseUrl}/#/information/pledge`);
    const candidate = page.locator(`input[name="position"][value="${order.order_no}"]`);
    await candidate.waitFor({ timeout: 15_000 });
    await candidate.check();
    expect(await digits(page, 'pledge-form-limit')).toBe('75000.00');
    await page.locator('input[name="amount"]').fill('30000');
    await page.locator('form button[type="submit"]').click();
    await shot(page, `pledge-${locale}-confirm`);
    await page.locator('button[data-action="confirm"]').click();

    // The new pledge is first in the list: its limit at the price it was pledged at.
    await expect.poll(() => digits(page, 'pledge-limit'), { timeout: 15_000 }).toBe('75000.00');
    expect(await digits(page, 'pledge-outstanding')).toBe('30000.00');
    expect(await digits(page, 'pledge-ltv')).toBe('20.00%');
    await shot(page, `pledge-${locale}-granted`);

    // TCS falls 10 %: without a tap, the next refresh shows the lower limit and the higher ratio.
    driven.trade('TCS', 135_000);
    await expect.poll(() => digits(page, 'pledge-limit'), { timeout: 15_000 }).toBe('67500.00');
    expect(await digits(page, 'pledge-ltv')).toBe('22.23%');
    await shot(page, `pledge-${locale}-price-moved`);
    const closing = await fetch(`${baseUrl}/api/vue/order/close`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(await sessionOf(page)) },
      body: JSON.stringify({ order_no: order.order_no, idempotency_key: `e2e-pledge-close-${locale}-${Date.now()}` }),
    });
    expect(((await closing.json()) as { msg: string }).msg).toBe('position_pledged');
  });
});

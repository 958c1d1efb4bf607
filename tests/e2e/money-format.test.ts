// Proves, in real Chromium at phone size, that money is written by its currency whatever the
// reader's language: the demo user's ₹10,00,000.00 on Home and Funds and a lakh-sized order
// amount on the order sheet and its confirmation keep the Indian grouping in English,
// Traditional Chinese and Korean, and a won price keeps the Korean grouping (₩200,000, never
// ₩2,00,000) on the stock page and the order sheet in all three. Alongside, the words around
// the money are the reader's: the order type (市價 / 시장가), the seeded news and the demo
// institution.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, openPhoneBrowser, type RunningApp, screenshotDir, signInAsDemo, startApp } from './harness.ts';

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(screenshotDir, { recursive: true });
  app = await startApp();
  browser = await openPhoneBrowser();
  await signInAsDemo(browser.page, app.baseUrl);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const shot = (page: Page, name: string) => page.screenshot({ path: join(screenshotDir, `${name}.png`) });
const textOf = async (page: Page, testId: string) => ((await page.getByTestId(testId).first().textContent()) ?? '').trim();

/** The demo user's untouched balance, grouped in lakh and crore. */
const demoBalance = '₹10,00,000.00';
/** A rupee amount of a lakh or more, grouped the Indian way: ₹2,45,635.00. */
const lakhRupees = /^₹\d{1,2}(,\d{2})*,\d{3}\.\d{2}$/;
/** SK hynix trades around ₩200,000: six digits grouped in thousands, no decimals. */
const koreanWon = /^₩\d{3},\d{3}$/;
const wonListing = '000660';

const readings = [
  { locale: 'en', marketOrder: 'Market', newsTitle: 'Prices in this demo are simulated', institution: 'Ledgerline Demo Institution' },
  { locale: 'zh-Hant', marketOrder: '市價', newsTitle: '本示範中的價格皆為模擬', institution: 'Ledgerline 示範機構' },
  { locale: 'ko', marketOrder: '시장가', newsTitle: '이 데모의 가격은 모의 가격입니다', institution: 'Ledgerline 데모 기관' },
] as const;

async function chooseLanguage(page: Page, locale: string) {
  await page.goto(`${app.baseUrl}/#/information/changeLang`);
  await page.locator(`label[lang="${locale}"]`).click();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang), { timeout: 5_000 }).toBe(locale);
}

describe('money by its currency in every language', () => {
  it.each(readings)('$locale: rupees in lakh, won in thousands, words in the reader language', async ({ locale, marketOrder, newsTitle, institution }) => {
    const { page } = browser;
    await chooseLanguage(page, locale);

    await page.goto(`${app.baseUrl}/#/home/index`);
    await expect.poll(() => textOf(page, 'total-assets'), { timeout: 15_000 }).toBe(demoBalance);
    await shot(page, `money-format-${locale}-home`);

    await page.goto(`${app.baseUrl}/#/home/newsList`);
    await expect.poll(() => page.getByText(newsTitle).count(), { timeout: 15_000 }).toBeGreaterThan(0);

    await page.goto(`${app.baseUrl}/#/information/mine_fund`);
    await expect.poll(() => textOf(page, 'balance-total'), { timeout: 15_000 }).toBe(demoBalance);
    await shot(page, `money-format-${locale}-funds`);

    await page.goto(`${app.baseUrl}/#/information/mine`);
    await expect.poll(() => page.getByText(institution).count(), { timeout: 15_000 }).toBeGreaterThan(0);

    // 100 shares of a ₹2,000-odd stock: a contract amount past a lakh, where the groupings differ.
    await page.goto(`${app.baseUrl}/#/market/marketBuy?code=RELIANCE`);
    await expect.poll(() => page.locator('input[name="quantity"]').inputValue(), { timeout: 15_000 }).toBe('100');
    await expect.poll(() => page.locator('button[data-order-type="market"]').textContent()).toBe(marketOrder);
    await expect.poll(() => textOf(page, 'preview-amount'), { timeout: 15_000 }).toMatch(lakhRupees);
    await page.locator('button[type="submit"]').click();
    const confirmation = page.getByRole('dialog');
    await expect.poll(async () => (await confirmation.textContent()) ?? '', { timeout: 5_000 }).toMatch(/₹\d{1,2},\d{2},\d{3}\.\d{2}/);
    expect(await confirmation.textContent()).toContain(marketOrder);
    await shot(page, `money-format-${locale}-order-confirmation`);

    await page.goto(`${app.baseUrl}/#/market/stockDetail?code=${wonListing}`);
    await expect.poll(() => textOf(page, 'last-price'), { timeout: 15_000 }).toMatch(koreanWon);
    await shot(page, `money-format-${locale}-won-detail`);

    await page.goto(`${app.baseUrl}/#/market/marketBuy?code=${wonListing}`);
    await expect.poll(() => textOf(page, 'last-price'), { timeout: 15_000 }).toMatch(koreanWon);
    await shot(page, `money-format-${locale}-won-order-sheet`);
  });
});

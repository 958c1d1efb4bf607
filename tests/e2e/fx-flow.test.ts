// Proves, in real Chromium at phone size against the real server (demo mode, the ECB file,
// the simulated intraday movement), that a user exchanges rupees to won in English,
// Traditional Chinese and Korean: a live quote in the reader's words, one confirmation, then
// the balances per currency with the rupees in lakh and the won in thousands. One server and
// one browser for all three languages; each exchange adds to the won the one before left.
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
const wonAmount = /^₩\d{1,3}(,\d{3})*$/;
const lakhRupees = /^₹\d{1,2}(,\d{2})*,\d{3}\.\d{2}$/;

const readings = [
  { locale: 'en', from: 'From', confirm: 'Confirm exchange', source: 'Simulated intraday', rupeesLeft: '₹9,99,000.00' },
  { locale: 'zh-Hant', from: '兌出幣別', confirm: '確認兌換', source: '模擬日內', rupeesLeft: '₹9,98,000.00' },
  { locale: 'ko', from: '보내는 통화', confirm: '환전 확인', source: '모의 장중', rupeesLeft: '₹9,97,000.00' },
] as const;

async function chooseLanguage(page: Page, locale: string) {
  await page.goto(`${app.baseUrl}/#/information/changeLang`);
  await page.locator(`label[lang="${locale}"]`).click();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang), { timeout: 5_000 }).toBe(locale);
}

describe('rupees to won', () => {
  let wonBefore = 0;
  it.each(readings)('$locale: a live quote, one confirmation, balances per currency', async ({ locale, from, confirm, source, rupeesLeft }) => {
    const { page } = browser;
    await chooseLanguage(page, locale);
    await page.goto(`${app.baseUrl}/#/information/exChange`);
    await expect.poll(() => textOf(page, 'fx-available-INR'), { timeout: 15_000 }).toMatch(lakhRupees);
    expect(await page.getByTestId('fx-to').inputValue()).toBe('KRW');
    expect(await page.getByText(from, { exact: true }).count()).toBe(1);

    await page.getByTestId('fx-amount').fill('1000');
    await page.getByTestId('fx-get-quote').click();
    await expect.poll(() => textOf(page, 'fx-receive'), { timeout: 10_000 }).toMatch(wonAmount);
    const quote = page.getByTestId('fx-quote');
    expect(await quote.textContent()).toContain(source);
    expect(await page.getByTestId('fx-countdown').textContent()).toMatch(/\d/);
    const received = Number((await textOf(page, 'fx-receive')).replace(/[₩,]/g, ''));
    // ₹1,000 buys about ₩16,000 at the 2025 rates the file ends with.
    expect(received).toBeGreaterThan(10_000);
    await shot(page, `fx-flow-${locale}-quote`);

    await page.getByRole('button', { name: confirm }).click();
    await expect.poll(() => page.getByTestId('fx-result').count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => textOf(page, 'fx-available-INR'), { timeout: 10_000 }).toBe(rupeesLeft);
    const won = Number((await textOf(page, 'fx-available-KRW')).replace(/[₩,]/g, ''));
    expect(won).toBe(wonBefore + received);
    expect(await textOf(page, 'fx-available-KRW')).toMatch(wonAmount);
    wonBefore = won;
    await shot(page, `fx-flow-${locale}-balances`);
  });
});

// Intraday end to end in real Chromium at phone size against the real server: the demo user
// opens an intraday position from the ticket on /home/dayTrading (a cheap ETF, the intraday
// minimum of 10,000 shares at the intraday leverage), sees it open with its Intraday badge,
// and sees it squared off by the server at the end of the simulated session, listed with the
// reason, in English, Korean and Traditional Chinese. The server runs with one-minute demo
// sessions (INTRADAY_DEMO_SESSION_MINUTES=1) so a square-off comes within a minute.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, openPhoneBrowser, type RunningApp, screenshotDir, signInAsDemo, startApp } from './harness.ts';

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(screenshotDir, { recursive: true });
  app = await startApp({ MARKET_WARMUP_MINUTES: '5', INTRADAY_DEMO_SESSION_MINUTES: '1' });
  browser = await openPhoneBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const shot = (page: Page, name: string) => page.screenshot({ path: join(screenshotDir, `${name}.png`) });

/** The reason on a squared-off row, as each language writes it. */
const squaredOffReason = {
  en: 'Squared off automatically at the intraday square-off time',
  ko: '당일매매 강제 청산 시각에 자동 청산됨',
  'zh-Hant': '於當沖強制平倉時間自動平倉',
} as const;

/** Waits until at least `seconds` remain before the next minute, so the position is seen open before its session ends. */
async function awayFromSessionEnd(seconds: number): Promise<void> {
  const left = 60 - new Date().getUTCSeconds();
  if (left < seconds) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 1000));
}

describe('intraday trading at 390×844', () => {
  it('opens an intraday position, sees it squared off at the session end with the reason, in en, ko and zh-Hant', async () => {
    const { page } = browser;
    await signInAsDemo(page, app.baseUrl);
    await page.goto(`${app.baseUrl}/#/home/dayTrading`);
    await page.getByTestId('square-off-countdown').waitFor({ timeout: 15_000 });

    await page.getByRole('searchbox').fill('GOLDBEES');
    await page.locator('button[data-code="GOLDBEES"]').click({ timeout: 15_000 });
    await page.getByTestId('intraday-stock').waitFor();
    expect(await page.getByTestId('intraday-leverage').textContent()).toBe('5×');
    await expect.poll(() => page.locator('input[name="quantity"]').inputValue(), { timeout: 10_000 }).toBe('10000');
    await shot(page, '90-intraday-ticket');

    await awayFromSessionEnd(25);
    await page.locator('button[data-action="open-intraday"]').click();
    const open = page.getByTestId('intraday-open').locator('[data-order-no]');
    await open.first().waitFor({ timeout: 15_000 });
    const orderNo = await open.first().getAttribute('data-order-no');
    expect(await open.first().getByTestId('intraday-badge').textContent()).toBe('Intraday');
    await shot(page, '91-intraday-open');

    // The server squares it off at the end of the one-minute session; the socket's update reloads the page.
    const squared = page.getByTestId('intraday-squared-off').locator(`[data-order-no="${orderNo}"]`);
    await squared.waitFor({ timeout: 90_000 });
    expect(await squared.textContent()).toContain(squaredOffReason.en);
    expect(await page.getByTestId('intraday-open').locator(`[data-order-no="${orderNo}"]`).count()).toBe(0);
    await shot(page, '92-intraday-squared-off');

    // The app stores Traditional Chinese as 'tw' (src/i18n/locale.ts).
    for (const [locale, stored] of [['ko', 'ko'], ['zh-Hant', 'tw']] as const) {
      await page.evaluate((language) => localStorage.setItem('language', language), stored);
      await page.reload();
      const row = page.getByTestId('intraday-squared-off').locator(`[data-order-no="${orderNo}"]`);
      await row.waitFor({ timeout: 15_000 });
      expect(await row.textContent()).toContain(squaredOffReason[locale]);
      await shot(page, `93-intraday-squared-off-${locale}`);
    }

    // The detail says why it closed.
    await page.goto(`${app.baseUrl}/#/trade/positionDetail?order_no=${orderNo}`);
    await expect.poll(() => page.getByTestId('close-reason').textContent(), { timeout: 15_000 }).toBe(squaredOffReason['zh-Hant']);
    await page.evaluate(() => localStorage.setItem('language', 'en'));
  });
});

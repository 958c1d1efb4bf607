// The live market end to end in real Chromium at phone size, against the real server,
// socket.io stream and Web Worker: search a stock, add it to the watchlist, open its
// detail, see the price move and the chart draw, switch the period. Then the same app
// on a replayed recording, labelled as a replay.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, openPhoneBrowser, type RunningApp, screenshotDir, signInAsDemo, startApp } from './harness.ts';

let browser: Browser;

beforeAll(async () => {
  mkdirSync(screenshotDir, { recursive: true });
  browser = await openPhoneBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const shot = (page: Page, name: string) => page.screenshot({ path: join(screenshotDir, `${name}.png`) });

async function lastPrice(page: Page): Promise<string> {
  return (await page.locator('[data-testid="last-price"]').first().textContent())?.trim() ?? '';
}

describe('live market in Chromium', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp({ MARKET_WARMUP_MINUTES: '20' });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('search-add-to-watchlist-open-detail-price-moves-chart-draws-switch-period', async () => {
    const { page } = browser;
    await signInAsDemo(page, app.baseUrl);
    await expect.poll(() => page.getByText(/simulated/i).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await shot(page, '10-home-market');

    await page.goto(`${app.baseUrl}/#/favorite/search`);
    await page.locator('input[name="keyword"]').fill('INFY');
    const row = page.locator('[data-code="INFY"]').first();
    await row.waitFor({ timeout: 10_000 });
    const star = row.locator('button[aria-pressed]');
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('false');
    await star.click();
    await expect.poll(() => star.getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('true');
    await shot(page, '11-search-added');

    await page.goto(`${app.baseUrl}/#/favorite/index`);
    await page.locator('[data-code="INFY"]').first().waitFor({ timeout: 10_000 });
    await shot(page, '12-watchlist');

    await page.goto(`${app.baseUrl}/#/market/stockDetail?code=INFY`);
    const chart = page.locator('[data-testid="price-chart"]');
    await chart.waitFor({ timeout: 15_000 });
    await expect.poll(async () => Number(await chart.getAttribute('data-bars')), { timeout: 15_000 }).toBeGreaterThan(5);
    await expect.poll(() => lastPrice(page), { timeout: 10_000 }).toMatch(/\d/);
    const first = await lastPrice(page);
    // The simulator trades INFY most seconds; a minute is ample for at least one 5-paise move.
    await expect.poll(() => lastPrice(page), { timeout: 60_000, interval: 500 }).not.toBe(first);
    await shot(page, '13-stock-detail');

    const barsBefore = Number(await chart.getAttribute('data-bars'));
    await page.locator('button[data-period="day"]').click();
    await expect
      .poll(async () => Number(await chart.getAttribute('data-bars')), { timeout: 15_000 })
      .toBeGreaterThan(Math.max(100, barsBefore));
    await shot(page, '14-stock-detail-day');
  });

  it('shows the market in Korean and Traditional Chinese with its source label', async () => {
    const { page } = browser;
    for (const [locale, label] of [['ko', /시뮬레이션/], ['zh-Hant', /模擬/]] as const) {
      await page.goto(`${app.baseUrl}/#/information/changeLang`);
      await page.locator(`label[lang="${locale}"]`).click();
      await page.goto(`${app.baseUrl}/#/market/stockDetail?code=TCS`);
      await expect.poll(() => page.getByText(label).count(), { timeout: 15_000 }).toBeGreaterThan(0);
      await shot(page, `15-stock-detail-${locale}`);
    }
    await page.goto(`${app.baseUrl}/#/information/changeLang`);
    await page.locator('label[lang="en"]').click();
  });
});

describe('replayed recording in Chromium', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp({ MARKET_FEED: 'replay', REPLAY_FILE: 'fixtures/recordings/simulated-sample.jsonl.gz', REPLAY_SPEED: '1' });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('labels prices as a replay of the recorded date and moves them', async () => {
    const { page } = browser;
    await signInAsDemo(page, app.baseUrl);
    await page.goto(`${app.baseUrl}/#/market/stockDetail?code=RELIANCE`);
    await expect.poll(() => page.getByText(/replay of/i).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => lastPrice(page), { timeout: 10_000 }).toMatch(/\d/);
    const first = await lastPrice(page);
    await expect.poll(() => lastPrice(page), { timeout: 60_000, interval: 500 }).not.toBe(first);
    await shot(page, '16-replay-detail');
  });
});

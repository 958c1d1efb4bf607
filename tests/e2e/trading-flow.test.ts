// Trading end to end in real Chromium at phone size against the real server: buy 100
// shares at market, see the position and its live P&L, close it, see the realised P&L
// and the ledger statement lines that moved the money.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, openPhoneBrowser, type RunningApp, screenshotDir, signInAsDemo, startApp } from './harness.ts';

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

describe('trading in Chromium', () => {
  it('buy-100-at-market-see-position-and-live-pnl-close-it-see-realised-pnl-and-statement', async () => {
    const { page } = browser;
    await signInAsDemo(page, app.baseUrl);

    await page.goto(`${app.baseUrl}/#/market/marketBuy?code=TCS`);
    await page.locator('button[data-order-type="market"]').click();
    await page.locator('button[data-side="long"]').click();
    await page.locator('button[data-leverage="1"]').click();
    await expect.poll(() => page.locator('input[name="quantity"]').inputValue(), { timeout: 10_000 }).toBe('100');
    await shot(page, '20-order-sheet');
    await page.locator('button[type="submit"]').click();
    await page.locator('button[data-action="confirm-order"]').click();
    await page.waitForURL(/#\/trade\/position/, { timeout: 15_000 });

    const row = page.locator('[data-order-no]').first();
    await row.waitFor({ timeout: 15_000 });
    const pnl = row.locator('[data-testid="unrealised-pnl"]');
    await expect.poll(async () => (await pnl.textContent()) ?? '', { timeout: 15_000 }).toMatch(/\d/);
    await shot(page, '21-position-live-pnl');

    await row.locator('button[data-action="close-position"]').click();
    await page.locator('button[data-action="confirm-close"]').click();
    await expect.poll(() => page.locator('[data-order-no]').count(), { timeout: 15_000 }).toBe(0);

    await page.goto(`${app.baseUrl}/#/trade/historyOrder`);
    await expect.poll(() => page.locator('[data-testid="realised-pnl"]').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(async () => (await page.locator('[data-testid="realised-pnl"]').first().textContent()) ?? '').toMatch(/\d/);
    await shot(page, '22-history-realised');

    await page.goto(`${app.baseUrl}/#/information/fundRecord`);
    // Demo funding, the freeze, the fill and the close.
    await expect.poll(() => page.locator('[data-testid="statement-line"]').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
    await expect.poll(() => page.getByText(/position closed/i).count()).toBeGreaterThan(0);
    await shot(page, '23-statement');
  });
});

// The block-trade desk end to end in real Chromium at phone size (390×844), in English,
// Traditional Chinese and Korean: the demo user, funded past the block minimum, opens a demo
// block from the desk, buys the smallest purchase the minimums allow, and sees the shares as
// a locked position (T+1) on "my block positions".
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../server/app.ts';
import type { Database } from '../../server/db/database.ts';
import { openDatabase } from '../../server/db/open.ts';
import { demoUser, seedDemo } from '../../server/demo/seed.ts';
import { loadCatalog } from '../../server/market/instruments/catalog.ts';
import { handDrivenMarket } from '../../server/market/testing/marketTestKit.ts';
import { fundUser } from '../../server/testing/userKit.ts';
import { type Browser, openPhoneBrowser, screenshotDir, signInAsDemo } from './harness.ts';
import { auditPage } from './layoutAudit.ts';

let db: Database;
let app: App;
let baseUrl: string;
let phone: Browser;

beforeAll(async () => {
  mkdirSync(screenshotDir, { recursive: true });
  db = await openDatabase({ engine: 'pglite', dataDir: undefined });
  await seedDemo(db);
  // ₹10,00,000 of play money is under the ₹20,00,000 block minimum: the test adds ₹1 crore.
  const [user] = await db.query<{ id: bigint }>('SELECT id FROM users WHERE account = $1', [demoUser.account]);
  await fundUser(db, user!.id, 10_000_000n);
  const driven = handDrivenMarket(11, loadCatalog().instruments);
  const market = { market: driven.market, kline: { candles: () => [], realUntil: () => null }, start() {}, async stop() {} };
  // Demo mode seeds the open blocks from the market's prices.
  app = await buildApp({ db, demoMode: true, webDir: resolve('dist/web'), market });
  const address = await app.http.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = address.replace('localhost', '127.0.0.1');
  phone = await openPhoneBrowser();
});

afterAll(async () => {
  await phone?.close();
  await app?.http.close();
  await db?.close();
});

const shot = (page: Page, name: string) => page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });

async function visit(page: Page, path: string) {
  const url = `${baseUrl}/#${path}`;
  if (page.url() === url) await page.reload();
  else await page.goto(url);
}

async function chooseLanguage(page: Page, locale: string) {
  await page.goto(`${baseUrl}/#/information/changeLang`);
  await page.locator(`label[lang="${locale}"]`).click();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang), { timeout: 5_000 }).toBe(locale);
}

/** A link inside a sentence is sized by its line of text (WCAG 2.5.8 "inline"). */
const targetExceptions = [{ selector: 'p a, li > span a, dd a', why: 'inline link inside running text' }];

const words = {
  en: { locked: 'Locked', notice: 'cannot be sold before' },
  'zh-Hant': { locked: '禁售中', notice: '前不可賣出' },
  ko: { locked: '매도 제한 중', notice: '전에는 매도할 수 없습니다' },
} as const;
const readings = [{ locale: 'en' }, { locale: 'zh-Hant' }, { locale: 'ko' }] as const;

describe('the block-trade desk in Chromium', () => {
  it.each(readings)('$locale: buy from a demo block and see the locked position', async ({ locale }) => {
    const user = phone.page;
    if (locale === 'en') await signInAsDemo(user, baseUrl);
    await chooseLanguage(user, locale);

    await visit(user, '/home/blockTrade');
    const card = user.locator('[data-testid="block-card"][data-state="open"]').first();
    await card.waitFor({ timeout: 15_000 });
    if (locale === 'en') expect(await auditPage(user, 'block-desk', { targetExceptions })).toEqual([]);
    await shot(user, `block-${locale}-desk`);
    await card.click();

    const buy = user.locator('button[data-action="block-buy"]');
    await buy.waitFor({ timeout: 15_000 });
    expect(await user.getByTestId('block-lock-notice').textContent()).toContain(words[locale].notice);
    if (locale === 'en') expect(await auditPage(user, 'block-detail', { targetExceptions })).toEqual([]);
    const total = await user.getByTestId('block-total').textContent();
    await buy.click();
    expect(await user.getByTestId('confirm-total').textContent()).toBe(total);
    await shot(user, `block-${locale}-confirm`);
    await user.locator('button[data-action="confirm"]').click();
    const bought = user.getByTestId('block-bought');
    await bought.waitFor({ timeout: 15_000 });
    const orderNo = /(\d+)\D*$/.exec((await bought.textContent()) ?? '')?.[1];
    expect(orderNo).toBeTruthy();

    await visit(user, '/home/blockTrade1');
    const position = user.locator(`[data-testid="block-position"][data-order-no="${orderNo}"]`);
    await position.waitFor({ timeout: 15_000 });
    expect(await position.getAttribute('data-locked')).toBe('true');
    expect(await position.getByTestId('block-locked').textContent()).toBe(words[locale].locked);
    if (locale === 'en') expect(await auditPage(user, 'block-positions', { targetExceptions })).toEqual([]);
    await shot(user, `block-${locale}-positions`);
  }, 90_000);
});

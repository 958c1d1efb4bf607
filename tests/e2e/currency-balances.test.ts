// Proves, in real Chromium at phone size against the real server (demo mode, the ECB rates),
// that a user holding rupees and won sees each in its own money on Home and Funds with a rupee
// total that names its rate, in English, Traditional Chinese and Korean; that a won listing's
// order sheet shows the won available and freezes won (the rupees stay untouched); and that a
// baht listing, with no baht held, offers the exchange instead of a confirm.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiBasePath } from '../../contract/envelope.ts';
import { demoUser } from '../../server/demo/seed.ts';
import { type Browser, openPhoneBrowser, type RunningApp, screenshotDir, signInAsDemo, startApp } from './harness.ts';

let app: RunningApp;
let browser: Browser;

type Envelope = { status: number; msg: string; data: Record<string, unknown> };

/** A command straight to the API, as another device of the same user would send it. */
async function command(path: string, body: unknown, session?: { token: string; account: string }): Promise<Envelope> {
  const response = await fetch(`${app.baseUrl}${apiBasePath}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...session }, body: JSON.stringify(body) });
  return (await response.json()) as Envelope;
}

beforeAll(async () => {
  mkdirSync(screenshotDir, { recursive: true });
  app = await startApp();
  // ₹4,00,000 of the demo user's rupees into won, through the exchange's own commands.
  const session = (await command('user/login', { account: demoUser.account, password: demoUser.password })).data as { token: string; account: string };
  const quote = await command('fx/quote', { from: 'INR', to: 'KRW', amount: '400000.00' }, session);
  expect(quote.msg).toBe('ok');
  expect((await command('fx/convert', { quote_id: quote.data.quote_id, idempotency_key: 'currency-balances-e2e-1' }, session)).msg).toBe('ok');
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
const approximateLakhRupees = /^≈ ₹\d{1,2}(,\d{2})*,\d{3}\.\d{2}$/;
const wonDigits = (text: string) => BigInt(text.replace(/[^\d]/g, ''));

async function chooseLanguage(page: Page, locale: string) {
  await page.goto(`${app.baseUrl}/#/information/changeLang`);
  await page.locator(`label[lang="${locale}"]`).click();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang), { timeout: 5_000 }).toBe(locale);
}

const readings = [
  { locale: 'en', exchange: 'Exchange for THB' },
  { locale: 'zh-Hant', exchange: '兌換 THB' },
  { locale: 'ko', exchange: 'THB(으)로 환전' },
] as const;

describe('balances in every currency', () => {
  it.each(readings)('$locale: rupees and won each in its own money, a rupee total naming its rate, the exchange offered for baht', async ({ locale, exchange }) => {
    const { page } = browser;
    await chooseLanguage(page, locale);

    await page.goto(`${app.baseUrl}/#/home/index`);
    await expect.poll(() => textOf(page, 'total-assets'), { timeout: 15_000 }).toMatch(approximateLakhRupees);
    expect(await textOf(page, 'balance-KRW-cash')).toMatch(wonAmount);
    expect(await textOf(page, 'inr-equivalent-rates')).toContain('1 KRW = ₹');
    await shot(page, `currency-balances-${locale}-home`);

    await page.goto(`${app.baseUrl}/#/information/mine_fund`);
    await expect.poll(() => textOf(page, 'balance-total'), { timeout: 15_000 }).toMatch(approximateLakhRupees);
    expect(await textOf(page, 'balance-cash')).toBe('₹6,00,000.00');
    expect(await textOf(page, 'balance-KRW-cash')).toMatch(wonAmount);
    await shot(page, `currency-balances-${locale}-funds`);

    await page.goto(`${app.baseUrl}/#/market/marketBuy?code=PTT`);
    await expect.poll(() => page.getByTestId('no-balance-in-currency').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByRole('link', { name: exchange }).getAttribute('href')).toContain('/information/exChange');
    expect(await page.locator('button[type="submit"]').count()).toBe(0);
    await shot(page, `currency-balances-${locale}-baht-order-sheet`);
  });

  it('a-won-order-freezes-won-and-leaves-the-rupees-untouched', async () => {
    const { page } = browser;
    await chooseLanguage(page, 'en');
    await page.goto(`${app.baseUrl}/#/information/mine_fund`);
    await expect.poll(() => textOf(page, 'balance-KRW-cash'), { timeout: 15_000 }).toMatch(wonAmount);
    const wonBefore = wonDigits(await textOf(page, 'balance-KRW-cash'));

    // SK hynix, one lot at 5×: about ₩5 million of margin, within the won bought above.
    await page.goto(`${app.baseUrl}/#/market/marketBuy?code=000660`);
    await expect.poll(() => textOf(page, 'available-balance'), { timeout: 15_000 }).toMatch(wonAmount);
    expect(wonDigits(await textOf(page, 'available-balance'))).toBe(wonBefore);
    await page.locator('button[data-leverage="5"]').click();
    await expect.poll(() => textOf(page, 'preview-total-frozen')).toMatch(wonAmount);
    await page.locator('button[type="submit"]').click();
    const confirmation = page.getByRole('dialog');
    await expect.poll(async () => (await confirmation.textContent()) ?? '', { timeout: 5_000 }).toMatch(/₩\d/);
    expect(await confirmation.textContent()).not.toContain('₹');
    await page.locator('button[data-action="confirm-order"]').click();
    await page.waitForURL(/#\/trade\/(position|waitOrder)/, { timeout: 15_000 });

    await page.goto(`${app.baseUrl}/#/information/mine_fund`);
    await expect.poll(async () => wonDigits(await textOf(page, 'balance-KRW-cash')), { timeout: 15_000 }).toBeLessThan(wonBefore);
    expect(await textOf(page, 'balance-cash')).toBe('₹6,00,000.00');
    await shot(page, `currency-balances-en-funds-after-won-order`);
  });
});

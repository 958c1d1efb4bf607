// An IPO end to end in real Chromium, in English, Traditional Chinese and Korean: the demo user
// applies for an open issue at phone size (390×844) and sees the amount held; once the issue has
// closed a reviewer runs the draw in the back office; the user sees the application won with
// its shares allotted and the rest released, and downloads the three published draw files.
// The server runs in this process with a clock the test moves, so an issue closes on cue.
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
import { handDrivenMarket } from '../../server/market/testing/marketTestKit.ts';
import { type Browser, openDesktopBrowser, openPhoneBrowser, screenshotDir, signInAsDemo, demoStaffSession, signInToBackOffice } from './harness.ts';
import { auditPage } from './layoutAudit.ts';

let db: Database;
let app: App;
let baseUrl: string;
let phone: Browser;
let desk: Browser;
let drawDir: string;
/** How far the server's clock runs ahead of the real one: moved forward to close an issue. */
let clockShiftMs = 0;
const serverNow = () => Date.now() + clockShiftMs;

beforeAll(async () => {
  mkdirSync(screenshotDir, { recursive: true });
  db = await openDatabase({ engine: 'pglite', dataDir: undefined });
  await seedDemo(db);
  const driven = handDrivenMarket(11, loadCatalog().instruments);
  drawDir = await mkdtemp(join(tmpdir(), 'ledgerline-ipo-e2e-'));
  const market = { market: driven.market, kline: { candles: () => [], realUntil: () => null }, start() {}, async stop() {} };
  app = await buildApp({ db, demoMode: true, webDir: resolve('dist/web'), market, now: serverNow, ipoDrawDir: drawDir });
  const address = await app.http.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = address.replace('localhost', '127.0.0.1');
  phone = await openPhoneBrowser();
  desk = await openDesktopBrowser();
});

afterAll(async () => {
  await phone?.close();
  await desk?.close();
  await app?.http.close();
  await db?.close();
  if (drawDir) await rm(drawDir, { recursive: true, force: true });
});

const shot = (page: Page, name: string) => page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });

async function api<T>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(`${baseUrl}/api/vue/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const envelope = (await response.json()) as { status: number; msg: string; data: T };
  expect(envelope.status, `${path}: ${envelope.msg}`).toBe(1);
  return envelope.data;
}

/** Opens a screen afresh: going to the URL already shown is a same-document hash change that reloads nothing. */
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

const minuteMs = 60_000;

/** An issue open now and closing in ten minutes of the server's clock: ₹100 a share, 10 a lot, one retail lot, so two lots asked win one. */
async function openIssue(code: string): Promise<string> {
  const operator = await demoStaffSession(baseUrl, 'operator');
  const at = (offsetMs: number) => new Date(serverNow() + offsetMs).toISOString();
  const issue = await api<{ id: string }>(
    'admin/ipo/save',
    {
      issuer: `E2E Issuer ${code}`, code, isin: 'INE000E20019', sponsor_broker: 'E2E Capital', price: '100.00', price_low: '95.00', lot: 10,
      issue_shares: '100', retail_shares: '10', open_at: at(-minuteMs), close_at: at(10 * minuteMs), draw_at: at(11 * minuteMs), listing_at: at(24 * 60 * minuteMs),
      max_applications_per_user: 1, retail_cap: null, payment_after_draw: false, public_value_source: 'E2E public value', reason: 'End-to-end IPO test',
    },
    operator,
  );
  return issue.id;
}

/** As in layout-a11y.test.ts: a link inside a sentence is sized by its line of text (WCAG 2.5.8 "inline"). */
const targetExceptions = [{ selector: 'p a, li > span a, dd a', why: 'inline link inside running text' }];

const words = {
  en: { pending: 'To be drawn', won: 'Won' },
  'zh-Hant': { pending: '待抽籤', won: '已中籤' },
  ko: { pending: '추첨 대기', won: '당첨' },
} as const;
const readings = [
  { locale: 'en', code: 'E2EIPOEN' },
  { locale: 'zh-Hant', code: 'E2EIPOZH' },
  { locale: 'ko', code: 'E2EIPOKO' },
] as const;

describe('an IPO in Chromium', () => {
  it.each(readings)('$locale: apply, the reviewer draws, the user sees the allotment and downloads the draw files', async ({ locale, code }) => {
    const user = phone.page;
    const staff = desk.page;
    if (locale === 'en') {
      await signInAsDemo(user, baseUrl);
      await signInToBackOffice(staff, baseUrl, 'reviewer');
    }
    await chooseLanguage(user, locale);
    const ipoId = await openIssue(code);

    // The list shows it under Open; its page holds 2 lots × 10 × ₹100 after the stepper moves once.
    await visit(user, '/home/newStock');
    const card = user.locator(`[data-testid="ipo-card"][data-ipo-id="${ipoId}"]`);
    await card.waitFor({ timeout: 15_000 });
    if (locale === 'en') expect(await auditPage(user, 'ipo-list', { targetExceptions })).toEqual([]);
    await card.click();
    await user.locator('button[data-action="ipo-apply"]').waitFor({ timeout: 15_000 });
    expect(await user.getByTestId('ipo-price').textContent()).toBe('₹95.00–₹100.00');
    await user.locator('[role="group"] button').last().click();
    await expect.poll(() => user.getByTestId('ipo-hold').textContent()).toBe('₹2,000.00');
    if (locale === 'en') expect(await auditPage(user, 'ipo-apply', { targetExceptions })).toEqual([]);
    await user.locator('button[data-action="ipo-apply"]').click();
    await shot(user, `ipo-${locale}-confirm`);
    await user.locator('button[data-action="confirm"]').click();
    expect(await user.getByTestId('ipo-applied').textContent()).toContain('₹2,000.00');
    await shot(user, `ipo-${locale}-applied`);

    await visit(user, '/home/newStockRecord');
    const row = user.locator(`[data-testid="ipo-application"]`).filter({ hasText: code });
    await expect.poll(() => row.getByTestId('ipo-application-state').textContent(), { timeout: 15_000 }).toBe(words[locale].pending);

    // The issue closes (the server's clock moves past close_at); the reviewer runs the draw at the desk.
    clockShiftMs += 11 * minuteMs;
    const drawButton = staff.locator(`tr:has([data-ipo-id="${ipoId}"]) button[data-action="run-draw"]`);
    await expect
      .poll(
        async () => {
          await visit(staff, '/admin/ipo');
          await staff.locator('[data-testid="ipo-row"]').first().waitFor({ timeout: 15_000 });
          return drawButton.count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    await drawButton.click();
    const dialog = staff.getByRole('dialog');
    await dialog.locator('input[name="public_value"]').fill('25891.40');
    await dialog.locator('textarea[name="reason"]').fill('Closing day over: E2E draw');
    await dialog.locator('button[type="submit"]').click();
    await expect.poll(() => staff.getByTestId('draw-result').textContent(), { timeout: 20_000 }).toContain('1');
    await shot(staff, `ipo-${locale}-desk-drawn`);

    // Won: one lot of ten shares paid (₹1,000.00), the other ₹1,000.00 released.
    await visit(user, '/home/newStockRecord');
    await expect.poll(() => row.getByTestId('ipo-application-state').textContent(), { timeout: 15_000 }).toBe(words[locale].won);
    expect(await row.getByTestId('ipo-application-allotted').textContent()).toContain('10');
    expect(await row.getByTestId('ipo-application-paid').textContent()).toContain('₹1,000.00');
    expect(await row.getByTestId('ipo-application-released').textContent()).toContain('₹1,000.00');
    await shot(user, `ipo-${locale}-records-won`);
    if (locale === 'en') expect(await auditPage(user, 'ipo-records', { targetExceptions })).toEqual([]);

    // The draw on the issue's page: the user's own pseudonym and the three files, public and parseable.
    await visit(user, `/home/newStockBuy?ipo_id=${ipoId}`);
    await user.getByTestId('draw-mine').waitFor({ timeout: 15_000 });
    expect(await user.getByTestId('draw-mine').textContent()).toContain(words[locale].won);
    const hrefs = await user.getByTestId('draw-file').evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
    expect(hrefs.map((href) => href.split('/').pop())).toEqual(['draw.json', 'applications.csv', 'result.csv']);
    const [drawJson, applicationsCsv, resultCsv] = await Promise.all(hrefs.map(async (href) => (await fetch(href)).text()));
    const published = JSON.parse(drawJson!) as { public_value?: string };
    expect(JSON.stringify(published)).toContain('25891.40');
    expect(applicationsCsv!.trim().split('\n').length).toBeGreaterThanOrEqual(2);
    expect(resultCsv!.trim().split('\n').length).toBeGreaterThanOrEqual(2);
    await shot(user, `ipo-${locale}-draw`);
  }, 90_000);
});

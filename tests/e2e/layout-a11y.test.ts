// Nothing covered, everything tappable and readable, in real Chromium at 390×844 (issue 13):
// on the screens a trader uses most (31 of them), (a) the customer-service button covers no text and no
// control at any scroll position, not even under an open order confirmation, (b) every
// button, link, tab and chip is at least 44×44 CSS px, (c) every piece of text reaches 4.5:1
// against the background it is drawn on (placeholders included), (d) a chip row that
// scrolls sideways fades at the edge where more chips wait, and (e) no text runs past the screen
// or out of its box. The wealth screens of issue 15 (the courseware, the exam, the strategy funds
// from the list to the records with both sheets, the preference profile, the fee rebate and the
// market's funds tab) are checked the same way, and again in Korean for text that does not fit.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, openPhoneBrowser, type RunningApp, screenshotDir, signInAsDemo, startApp, sessionOf } from './harness.ts';
import { auditPage, type AuditFinding, type AuditOptions, scrollRowFades } from './layoutAudit.ts';
import { answerEveryQuestionRight, studyEveryLessonByApi } from './wealthKit.ts';

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(screenshotDir, { recursive: true });
  // Funds publish a NAV every 2 s, so a subscription is converted while the wealth screens are audited.
  app = await startApp({ MARKET_WARMUP_MINUTES: '5', FUND_NAV_INTERVAL_SECONDS: '2' });
  browser = await openPhoneBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/**
 * Tap targets smaller than 44×44 that WCAG 2.5.8 itself exempts. Each entry says why;
 * nothing else may be smaller.
 */
const targetExceptions: AuditOptions['targetExceptions'] = [
  // A link inside a sentence is sized by the line of text it sits in (WCAG 2.5.8 "inline").
  { selector: 'p a, li > span a, dd a', why: 'inline link inside running text' },
];

type Screen = {
  name: string;
  path: string;
  /** Shows once the screen has its data. */
  ready: string;
  /** Must be on the screen: the items issue 13 found covered. */
  important?: string[];
};

const screens: Screen[] = [
  { name: 'home', path: '/home/index', ready: '[data-code]' },
  { name: 'market', path: '/market/index', ready: '[data-code]', important: ['[data-code] > a > span:last-child'] },
  { name: 'quotes', path: '/market/market', ready: '[data-code]', important: ['[data-code] > a > span:last-child'] },
  { name: 'featured', path: '/market/marketTeshe', ready: '[data-code]' },
  { name: 'stock-detail', path: '/market/stockDetail?code=TCS', ready: 'dt:text-is("Lot size")', important: ['dt:text-is("Lot size")', 'dt:text-is("Lot size") + dd'] },
  { name: 'order-sheet', path: '/market/marketBuy?code=TCS', ready: '[data-testid="preview-total-frozen"]', important: ['[data-testid="preview-total-frozen"]', 'dt:text-is("Total to be frozen")'] },
  { name: 'positions', path: '/trade/position', ready: 'button[data-action="close-position"]', important: ['button[data-action="close-position"]'] },
  { name: 'holdings', path: '/trade/shareholding', ready: '[data-order-no]' },
  { name: 'funds', path: '/information/mine_fund', ready: 'main h2, main dl' },
  { name: 'fund-password', path: '/information/fundPass', ready: 'input[name="password"], input[name="old_fund_password"]', important: ['input[type="password"]'] },
  { name: 'withdrawal', path: '/information/withdrawal', ready: 'input[name="fund_password"]', important: ['input[name="fund_password"]'] },
  // Screens without a page header, which carry the button in their own top bar, and a few more everyday ones.
  { name: 'mine', path: '/information/mine', ready: 'main ul a' },
  { name: 'trade', path: '/trade/index', ready: 'main a, main button' },
  { name: 'fund-records', path: '/information/fundRecord', ready: '[data-testid="statement-line"]' },
  { name: 'search', path: '/favorite/search', ready: 'input[name="keyword"]' },
  { name: 'block-desk', path: '/home/blockTrade', ready: '[data-testid="block-card"]' },
  { name: 'vip-allocations', path: '/market/vip?tab=allocations', ready: '[data-testid="vip-allocation"]', important: ['[data-testid="vip-level"]'] },
  // Screens where an earlier sweep of every screen found small targets (copy buttons, card links, checkboxes, state actions).
  { name: 'indicators', path: '/market/marketZhiBiao', ready: 'main a[href*="stockDetail"]' },
  { name: 'deposit', path: '/information/recharge', ready: 'main button' },
  { name: 'deposit-channels', path: '/information/rechargeChannel', ready: 'main button' },
  { name: 'exchange', path: '/information/exChange', ready: 'main button' },
  { name: 'capital-transfer', path: '/information/capitalTransfer', ready: 'main button' },
  { name: 'loan-records', path: '/information/jkjl', ready: 'main a, main li' },
  { name: 'pledge', path: '/information/pledge', ready: 'main input, main a' },
  { name: 'messages', path: '/information/msgInfo', ready: 'main a, main li' },
  { name: 'language', path: '/information/changeLang', ready: 'main label' },
  { name: 'customer-service', path: '/home/kefuCenter', ready: 'main a' },
  { name: 'personal-details', path: '/information/userInfo', ready: 'main dl' },
  { name: 'nominees', path: '/information/beneficiary', ready: 'main input, main button' },
  { name: 'withdrawal-records', path: '/information/cashOut', ready: 'main a, main li' },
  { name: 'about', path: '/information/aboutInfo', ready: 'main a' },
  { name: 'ipo-list', path: '/home/newStock', ready: 'main button[data-tab]' },
  { name: 'ipo-records', path: '/home/newStockRecord', ready: 'main a' },
  { name: 'placement-list', path: '/home/newStockps', ready: 'main a' },
  { name: 'placement-records', path: '/home/newStockps1', ready: 'main a' },
  { name: 'intraday', path: '/home/dayTrading', ready: '[data-testid="square-off-countdown"]', important: ['[data-testid="square-off-countdown"]'] },
];

const shot = (page: Page, name: string) => page.screenshot({ path: join(screenshotDir, `${name}.png`) });

/** The session the signed-in page holds, as the app stores it. */

/** Calls the API with the session the signed-in page holds, as the app does. */
async function api<T>(page: Page, path: string, body: unknown): Promise<T> {
  const session = await sessionOf(page);
  const response = await fetch(`${app.baseUrl}/api/vue/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...session }, body: JSON.stringify(body) });
  const envelope = (await response.json()) as { status: number; msg: string; data: T };
  expect(envelope.status, `${path}: ${envelope.msg}`).toBe(1);
  return envelope.data;
}

const describeFindings = (findings: AuditFinding[]) => findings.map((finding) => `${finding.screen} · ${finding.rule} · ${finding.element} · ${finding.detail}`).join('\n');

describe('layout and accessibility at 390×844', () => {
  it('the-customer-service-button-covers-nothing-every-target-is-44px-and-every-text-reaches-4.5-to-1', async () => {
    const { page } = browser;
    await signInAsDemo(page, app.baseUrl);
    // One open position, so the positions screen has a Close button to keep clear.
    await api(page, 'order/place', { code: 'TCS', side: 'long', type: 'market', quantity: 100, leverage: 1, idempotency_key: `layout-a11y-${Date.now()}` });

    const findings: AuditFinding[] = [];
    for (const screen of screens) {
      await page.goto(`${app.baseUrl}/#${screen.path}`);
      await page.locator(screen.ready).first().waitFor({ timeout: 20_000 });
      // Let lazy panels and the first quotes settle.
      await page.waitForTimeout(600);
      for (const selector of screen.important ?? []) {
        // Quotes reach a busy machine late; the row shows skeletons until they do.
        await expect.poll(() => page.locator(selector).count(), { message: `${screen.name}: ${selector} is on the screen`, timeout: 20_000 }).toBeGreaterThan(0);
      }
      findings.push(...(await auditPage(page, screen.name, { targetExceptions })));
      await shot(page, `60-layout-${screen.name}`);
    }

    // The order confirmation (a sheet over the page) hides nothing under the button either.
    await page.goto(`${app.baseUrl}/#/market/marketBuy?code=TCS`);
    await page.locator('button[data-order-type="market"]').click();
    await expect.poll(() => page.locator('input[name="quantity"]').inputValue(), { timeout: 10_000 }).toBe('100');
    await page.locator('button[type="submit"]').click();
    await page.getByRole('dialog').waitFor();
    expect(await page.locator('[role="dialog"] [data-testid="preview-total-frozen"]').count()).toBeGreaterThan(0);
    findings.push(...(await auditPage(page, 'order-confirmation', { targetExceptions })));
    await shot(page, '60-layout-order-confirmation');

    expect(describeFindings(findings)).toBe('');
  });

  it('the-wealth-screens-cover-nothing-keep-44px-targets-and-4.5-to-1-text-from-the-courseware-to-the-fund-records', async () => {
    const { page } = browser;
    await signInAsDemo(page, app.baseUrl);
    const findings: AuditFinding[] = [];
    const audit = async (name: string, ready: string, path?: string) => {
      if (path) await page.goto(`${app.baseUrl}/#${path}`);
      await page.locator(ready).first().waitFor({ timeout: 20_000 });
      await page.waitForTimeout(600);
      findings.push(...(await auditPage(page, name, { targetExceptions })));
      await shot(page, `61-layout-${name}`);
    };
    const funds = await api<{ id: string; strategy: { key: string } }[]>(page, 'fund/list', {});
    const fundPath = `/home/fllowDetail?fund_id=${funds.find((fund) => fund.strategy.key === 'top10_equal_weight')!.id}`;

    // Before the exam: the funds, the gate on a fund, the lessons and one lesson counting down.
    await audit('fund-list', '[data-testid="fund-card"]', '/home/fllow');
    await audit('market-funds', '[data-testid="funds-strategy-fund"]', '/market/index?tab=funds');
    await audit('fund-detail-gated', '[data-testid="fund-exam-gate"]', fundPath);
    await audit('course-lessons', '[data-testid="course-lesson"]', '/home/qcList');
    await audit('course-lesson', '[data-testid="course-countdown"]', '/home/qcList?lesson=what_is_a_strategy_fund');

    // The exam: its rules, the paper, the graded result (the lessons studied through the API first).
    await studyEveryLessonByApi(app.baseUrl, await sessionOf(page));
    await audit('exam-rules', '[data-testid="exam-start"]', '/home/qcList?view=exam');
    await page.getByTestId('exam-start').click();
    await audit('exam-paper', '[data-testid="exam-question"]');
    await answerEveryQuestionRight(page);
    await audit('exam-paper-answered', '[data-testid="exam-submit"]:enabled');
    await page.getByTestId('exam-submit').click();
    await audit('exam-result', '[data-testid="exam-result"]');
    await audit('course-passed', '[data-testid="course-passed"]', '/home/qcList');

    // Following, holding and redeeming, and the records.
    await audit('fund-detail', '[data-testid="fund-follow"]', fundPath);
    await page.getByTestId('fund-follow').click();
    await page.getByTestId('fund-follow-amount').fill('10000');
    await audit('fund-follow-sheet', '[data-testid="fund-follow-confirm"]:enabled');
    await page.getByTestId('fund-follow-confirm').click();
    await expect
      .poll(async () => {
        await page.reload();
        await page.getByTestId('fund-holding').first().waitFor({ timeout: 15_000 });
        return page.locator('[data-testid="fund-holding"][data-state="holding"]').count();
      }, { timeout: 30_000, interval: 1_000 })
      .toBe(1);
    await audit('fund-detail-holding', '[data-testid="fund-redeem"]');
    await page.getByTestId('fund-redeem').click();
    await page.locator('button[data-action="fund-redeem-all"]').click();
    await audit('fund-redeem-sheet', '[data-testid="fund-redeem-confirm"]:enabled');
    await audit('fund-records', '[data-testid="fund-holding"]', '/home/fllowRecord');

    await audit('preference', '[data-testid="preference-radar"]', '/information/pj');
    await audit('promotion', '[data-testid="fee-rebate-terms"]', '/information/promotion');

    // Korean words run longest on these screens: the same screens again in Korean, for text that does not fit.
    await page.goto(`${app.baseUrl}/#/information/changeLang`);
    await page.locator('label[lang="ko"]').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang), { timeout: 5_000 }).toBe('ko');
    await audit('ko-fund-list', '[data-testid="fund-card"]', '/home/fllow');
    await audit('ko-market-funds', '[data-testid="funds-strategy-fund"]', '/market/index?tab=funds');
    await audit('ko-fund-detail', '[data-testid="fund-redeem"]', fundPath);
    await audit('ko-fund-records', '[data-testid="fund-holding"]', '/home/fllowRecord');
    await audit('ko-course-lesson', '[data-testid="course-studied"]', '/home/qcList?lesson=fees');
    await audit('ko-preference', '[data-testid="preference-radar"]', '/information/pj');
    await audit('ko-promotion', '[data-testid="fee-rebate-terms"]', '/information/promotion');
    await page.goto(`${app.baseUrl}/#/information/changeLang`);
    await page.locator('label[lang="en"]').click();

    expect(describeFindings(findings)).toBe('');
  }, 120_000);

  it('a-chip-row-that-scrolls-sideways-fades-where-more-chips-wait', async () => {
    const { page } = browser;
    await page.goto(`${app.baseUrl}/#/market/index`);
    await page.locator('[data-code]').first().waitFor({ timeout: 20_000 });
    const rows = await scrollRowFades(page);
    // The market screen has at least one row wider than the phone (its tabs or chips).
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.atStart.right, `${row.element}: fades on the right at the start`).toBeGreaterThan(0);
      expect(row.atStart.left, `${row.element}: no fade on the left at the start`).toBe(0);
      expect(row.atEnd.left, `${row.element}: fades on the left at the end`).toBeGreaterThan(0);
      expect(row.atEnd.right, `${row.element}: no fade on the right at the end`).toBe(0);
    }
  });
});

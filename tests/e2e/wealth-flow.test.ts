// Strategy funds end to end in real Chromium at phone size (390×844), in English, Traditional
// Chinese and Korean, against the real server from the embedded default (PGlite, demo mode): a
// user who has not passed the exam finds Follow gated by the courseware, studies every lesson in
// the reader (the server's clock counts each one), passes the exam, follows a demo fund, sees
// the subscription held and then converted at the next NAV, watches the NAV move with the
// market, redeems part of the units and sees them paid at the next NAV, and reads it all in the
// records. Then the demo user opens the investment-preference profile in each language, and the
// market's funds tab lists the ETFs and the strategy funds. Funds publish a NAV every 2 s here
// (FUND_NAV_INTERVAL_SECONDS) and an admin sets the lesson time to 2 s (the 40 s rule itself is
// proven in server/course/lessons.test.ts).
import { mkdirSync } from 'node:fs';
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatE4, parseE4 } from '../../contract/fundMath.ts';
import { demoUser } from '../../server/demo/seed.ts';
import { type Browser, openPhoneBrowser, type RunningApp, screenshotDir, signInAsDemo, startApp } from './harness.ts';
import { api, expectScreenIn, type Locale, passExam, registerFundedUser, sessionOf, shot, signInReading, staffSession, studyEveryLesson, visit, words } from './wealthKit.ts';

let app: RunningApp;
/** The demo fund every reader follows: the equal-weight tracker, which holds ten stocks from its first NAV, so its NAV moves with the market. */
let fundId: string;

const readings: { locale: Locale; account: string; password: string }[] = [
  { locale: 'en', account: demoUser.account, password: demoUser.password },
  { locale: 'zh-Hant', account: '9811150002', password: 'wealth-flow-zh' },
  { locale: 'ko', account: '9811150003', password: 'wealth-flow-ko' },
];

beforeAll(async () => {
  mkdirSync(screenshotDir, { recursive: true });
  app = await startApp({ FUND_NAV_INTERVAL_SECONDS: '2', MARKET_WARMUP_MINUTES: '1' });
  const admin = await staffSession(app.baseUrl, 'admin', 'demo-admin-123');
  await api(app.baseUrl, 'admin/settings/update', { name: 'course.lesson_min_seconds', value: 2, reason: 'End-to-end test: lessons read in 2 s' }, admin);
  const reviewer = await staffSession(app.baseUrl, 'reviewer', 'demo-review-123');
  for (const reading of readings.slice(1)) await registerFundedUser(app.baseUrl, reviewer, reading.account, reading.password, '25000.00');
  const funds = await api<{ id: string; strategy: { key: string } }[]>(app.baseUrl, 'fund/list', {}, await demoSessionHeaders());
  fundId = funds.find((fund) => fund.strategy.key === 'top10_equal_weight')!.id;
}, 90_000);

afterAll(async () => {
  await app?.stop();
});

async function demoSessionHeaders() {
  const { token } = await api<{ token: string }>(app.baseUrl, 'user/login', { account: demoUser.account, password: demoUser.password });
  return { token, account: demoUser.account };
}

/** The answer's data of the next call to `path` the page makes while `action` runs. */
async function answerOf<T>(page: Page, path: string, action: () => Promise<void>): Promise<T> {
  const [response] = await Promise.all([page.waitForResponse((candidate: Response) => candidate.url().endsWith(`/api/vue/${path}`), { timeout: 15_000 }), action()]);
  const envelope = (await response.json()) as { status: number; msg: string; data: T };
  expect(envelope.status, `${path}: ${envelope.msg}`).toBe(1);
  return envelope.data;
}

/** Reloads the fund page until `done` holds of it. The page shows what it loaded; a NAV published later needs a reload (or a pull). */
async function reloadFundUntil(page: Page, done: () => Promise<boolean>, timeout = 20_000) {
  await expect
    .poll(
      async () => {
        await visit(page, app.baseUrl, `/home/fllowDetail?fund_id=${fundId}`);
        await page.getByTestId('fund-outline').waitFor({ timeout: 15_000 });
        return done();
      },
      { timeout, interval: 1_000 },
    )
    .toBe(true);
}

/** Units as the screens write them: Indian grouping, four decimals ("1,000.2345"). */
const unitsText = (unitsE4: bigint) => new Intl.NumberFormat('en-IN', { minimumFractionDigits: 4 }).format(formatE4(unitsE4) as unknown as number);

const chartPoints = async (page: Page) => Number((await page.getByTestId('fund-nav-chart').getAttribute('data-points', { timeout: 15_000 })) ?? '0');

describe('strategy funds in Chromium at 390×844', () => {
  it.each(readings)('$locale: the exam gates Follow; study, pass, follow, watch the NAV, redeem and read the records', async ({ locale, account, password }) => {
    const phone: Browser = await openPhoneBrowser();
    try {
      const page = phone.page;
      await signInReading(page, app.baseUrl, account, password, locale);

      // 1. Follow is gated by the courseware and the exam, and the gate leads to it.
      await visit(page, app.baseUrl, `/home/fllowDetail?fund_id=${fundId}`);
      const gate = page.getByTestId('fund-exam-gate');
      await gate.waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('fund-follow').count()).toBe(0);
      await expectScreenIn(page, locale, 'the fund page');
      await shot(page, `wealth-${locale}-gated`);
      await gate.getByRole('link').click();
      await page.waitForURL(/#\/home\/qcList/, { timeout: 10_000 });
      await page.getByTestId('course-progress').waitFor({ timeout: 15_000 });

      // 2. The courseware and the exam, in the browser.
      await studyEveryLesson(page, app.baseUrl, locale);
      await passExam(page, app.baseUrl, locale);

      // 3. Follow with ₹10,000: the sheet previews the units; the server holds the money until the next NAV.
      await visit(page, app.baseUrl, `/home/fllowDetail?fund_id=${fundId}`);
      await page.getByTestId('fund-follow').click({ timeout: 15_000 });
      await page.getByTestId('fund-follow-amount').fill('10000');
      await expect.poll(() => page.getByTestId('fund-follow-units').textContent()).toMatch(/^[\d,]+\.\d{4}$/);
      await shot(page, `wealth-${locale}-follow-sheet`, false);
      const subscribed = await answerOf<{ id: string; state: string }>(page, 'fund/subscribe', () => page.getByTestId('fund-follow-confirm').click());
      expect(subscribed.state).toBe('pending');
      const holding = page.locator(`[data-testid="fund-holding"][data-holding-id="${subscribed.id}"]`);
      await holding.waitFor({ timeout: 15_000 });
      // Shown pending unless the next NAV (every 2 s) converted it before the page reloaded.
      const firstState = await holding.getAttribute('data-state');
      expect(['pending', 'holding']).toContain(firstState);
      if (firstState === 'pending') expect(await holding.getByTestId('holding-state').textContent()).toBe(words[locale].pending);

      // The open page reads the fund again on its own: the subscription shows converted at the next NAV without a reload.
      await expect.poll(() => holding.getAttribute('data-state'), { timeout: 30_000 }).toBe('holding');
      expect(await holding.getByTestId('holding-state').textContent()).toBe(words[locale].holding);
      const held = parseE4((await holding.getByTestId('holding-units').textContent())!.replaceAll(',', ''))!;
      expect(held).toBeGreaterThan(0n);
      expect(await holding.getByTestId('holding-nav-in').textContent()).toMatch(/₹\d+\.\d{4}/);
      await shot(page, `wealth-${locale}-holding`);

      // 4. The NAV moves with the market: the fund holds stocks, a NAV is published every 2 s, and the page shows the new one and a longer chart when it reads the fund again.
      expect(await page.getByTestId('fund-position').count()).toBeGreaterThan(0);
      const navBefore = await page.getByTestId('fund-nav').first().textContent();
      const pointsBefore = await chartPoints(page);
      expect(pointsBefore).toBeGreaterThanOrEqual(2);
      expect(await page.getByTestId('fund-nav-live').textContent()).toMatch(/\d+\.\d{4}/);
      const liveBefore = await page.getByTestId('fund-nav-live').textContent();
      await expect
        .poll(async () => (await page.getByTestId('fund-nav').first().textContent()) !== navBefore && (await chartPoints(page)) > pointsBefore, { timeout: 30_000 })
        .toBe(true);
      await expect.poll(() => page.getByTestId('fund-nav-live').textContent(), { timeout: 30_000 }).not.toBe(liveBefore);
      await expectScreenIn(page, locale, 'the fund page');
      await shot(page, `wealth-${locale}-nav-moved`);

      // 5. Redeem part of the units: "Redeem all" offers what is held; half is redeemed and paid at the next NAV.
      await holding.getByTestId('fund-redeem').click();
      const unitsField = page.getByTestId('fund-redeem-units');
      await page.locator('button[data-action="fund-redeem-all"]').click();
      expect(await unitsField.inputValue()).toBe(formatE4(held));
      const redeemed = held / 2n;
      await unitsField.fill(formatE4(redeemed));
      await expect.poll(() => page.getByTestId('fund-redeem-payout').textContent()).toMatch(/^₹[\d,]+\.\d{2}$/);
      await shot(page, `wealth-${locale}-redeem-sheet`, false);
      await answerOf(page, 'fund/redeem', () => page.getByTestId('fund-redeem-confirm').click());
      await reloadFundUntil(page, async () => (await holding.locator('[data-testid="fund-redemption"][data-state="paid"]').count()) === 1);

      // 6. The records: units, NAV in and out, realised P&L, fees and the paid redemption.
      await visit(page, app.baseUrl, '/home/fllowRecord');
      const record = page.locator(`[data-testid="fund-holding"][data-holding-id="${subscribed.id}"]`);
      await record.waitFor({ timeout: 15_000 });
      expect(await record.getAttribute('data-state')).toBe('holding');
      expect(await record.getByTestId('holding-units').textContent()).toBe(unitsText(held - redeemed));
      expect(await record.getByTestId('holding-nav-in').textContent()).toMatch(/₹\d+\.\d{4}/);
      const navOut = await record.getByTestId('holding-nav-out').textContent();
      expect(navOut).toMatch(/^₹\d+\.\d{4}$/);
      expect(await record.getByTestId('holding-pnl').textContent()).toMatch(/₹[\d,]+\.\d{2}/);
      expect(await record.getByTestId('holding-fees').textContent()).toMatch(/₹[\d,]+\.\d{2}/);
      const redemption = record.getByTestId('fund-redemption');
      expect(await redemption.getAttribute('data-state')).toBe('paid');
      expect(await redemption.textContent()).toContain(words[locale].paid);
      // One redemption: NAV out is the NAV it was paid at.
      expect(await redemption.textContent()).toContain(navOut);
      await expectScreenIn(page, locale, 'the records');
      await shot(page, `wealth-${locale}-records`);

      // The server agrees: half the units left, the redemption paid.
      const holdings = await api<{ items: { id: string; units: string; redemptions: { state: string; units: string }[] }[] }>(app.baseUrl, 'fund/holdings', { page: 1 }, await sessionOf(page));
      const stored = holdings.items.find((item) => item.id === subscribed.id)!;
      expect(stored.units).toBe(formatE4(held - redeemed));
      expect(stored.redemptions.map((entry) => [entry.state, entry.units])).toEqual([['paid', formatE4(redeemed)]]);
    } finally {
      await phone.close();
    }
  }, 120_000);

  it('the demo user reads the preference profile in en, zh-Hant and ko, and the funds tab lists ETFs and strategy funds', async () => {
    const phone = await openPhoneBrowser();
    try {
      const page = phone.page;
      await signInAsDemo(page, app.baseUrl);
      for (const locale of ['en', 'zh-Hant', 'ko'] as const) {
        await page.goto(`${app.baseUrl}/#/information/changeLang`);
        await page.locator(`label[lang="${locale}"]`).click();
        await expect.poll(() => page.evaluate(() => document.documentElement.lang), { timeout: 5_000 }).toBe(locale);
        await visit(page, app.baseUrl, '/information/pj');
        await page.getByTestId('preference-radar').waitFor({ timeout: 15_000 });
        expect(await page.getByTestId('preference-radar-chart').count()).toBe(1);
        expect(['conservative', 'balanced', 'growth']).toContain(await page.getByTestId('preference-profile').getAttribute('data-profile'));
        await page.getByTestId('preference-simulated').waitFor();
        await page.getByTestId('preference-not-advice').waitFor();
        await expectScreenIn(page, locale, 'the preference profile');
        await shot(page, `wealth-${locale}-preference`);
      }

      await visit(page, app.baseUrl, '/market/index?tab=funds');
      await page.getByTestId('funds-strategy-fund').first().waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('funds-etfs').locator('[data-code]').count()).toBeGreaterThan(0);
      expect(await page.getByTestId('funds-strategy-fund').count()).toBeGreaterThanOrEqual(3);
      await expectScreenIn(page, 'ko', 'the funds tab');
      await shot(page, 'wealth-ko-funds-tab');
    } finally {
      await phone.close();
    }
  }, 60_000);
});

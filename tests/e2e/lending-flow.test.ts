// Credit loans end to end, in real Chromium (390×844) against the real server on PostgreSQL,
// once each in English, Traditional Chinese and Korean: a KYC-verified user sees the credit
// overview on Home, follows its go-to-borrow link, borrows ₹10,000; the business-date job
// runs for tomorrow (the clock's next date, run from here on the server's database, as the
// server's own timer would at IST midnight) and the loan shows a day's interest, in the
// screen and in the loan records; the user repays everything and owes nothing.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDayOfDayNumber, istDayNumber } from '../../contract/calendarDays.ts';
import type { Database } from '../../server/db/database.ts';
import { openDatabase } from '../../server/db/open.ts';
import { markKycVerified } from '../../server/funding/fundingTestKit.ts';
import { accrueInterest } from '../../server/lending/accrualJob.ts';
import { testPostgresAdminUrl } from '../../server/testing/testDatabase.ts';
import { fundUser } from '../../server/testing/userKit.ts';
import { openPhoneBrowser, type RunningApp, screenshotDir, signIn, startApp } from './harness.ts';

const databaseName = `ledgerline_e2e_lending_${randomBytes(4).toString('hex')}`;
const databaseUrl = (() => {
  const url = new URL(testPostgresAdminUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
})();

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: testPostgresAdminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

let app: RunningApp;
let db: Database;

beforeAll(async () => {
  mkdirSync(screenshotDir, { recursive: true });
  await adminQuery(`CREATE DATABASE ${databaseName}`);
  app = await startApp({ DATABASE_URL: databaseUrl, MARKET_WARMUP_MINUTES: '1' });
  db = await openDatabase({ engine: 'postgres', url: databaseUrl });
});

afterAll(async () => {
  await db?.close();
  await app?.stop();
  await adminQuery(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
});

const tomorrow = () => isoDayOfDayNumber(istDayNumber(Date.now()) + 1);
const shot = (page: Page, name: string) => page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });

async function api(path: string, body: unknown) {
  const response = await fetch(`${app.baseUrl}/api/vue/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await response.json()) as { status: number; msg: string; data: any };
}

/** A new user through the real endpoint, verified as a reviewer's approval records it, with ₹1,000 of their own. */
async function verifiedUser(account: string, password: string): Promise<void> {
  const registered = await api('user/register', { account, password, password2: password, invite_code: 'DEMO100', agree: true });
  expect(registered.msg).toBe('ok');
  const [user] = await db.query<{ id: bigint }>('SELECT id FROM users WHERE account = $1', [account]);
  const [reviewer] = await db.query<{ id: bigint }>("SELECT id FROM staff WHERE login = 'reviewer'");
  await markKycVerified(db, user!.id, 'Asha Verma', reviewer!.id.toString());
  await fundUser(db, user!.id, 1000n);
}

const languages = [
  { stored: 'en', account: '9700000101' },
  { stored: 'tw', account: '9700000102' },
  { stored: 'ko', account: '9700000103' },
] as const;

describe('credit loans in three languages', () => {
  for (const language of languages) {
    it(`borrow-accrue-a-day-and-repay-in-${language.stored}`, async () => {
      const password = 'lending-flow-123';
      await verifiedUser(language.account, password);
      const browser = await openPhoneBrowser();
      try {
        const { page } = browser;
        await browser.context.addInitScript((stored) => localStorage.setItem('language', stored), language.stored);
        await signIn(page, app.baseUrl, language.account, password);

        // Home: the credit overview, then its link to borrow.
        await expect.poll(() => page.getByTestId('home-credit-limit').textContent()).toBe('₹50,000.00');
        expect(await page.getByTestId('home-credit-borrowed').textContent()).toBe('₹0.00');
        await shot(page, `lending-home-${language.stored}`);
        await page.locator('[data-action="go-to-borrow"]').click();
        await page.waitForURL(/#\/information\/loan/);

        // Borrow ₹10,000 through the confirmation.
        await page.locator('input[name="amount"]').fill('10000');
        await page.locator('[data-action="borrow"]').click();
        await page.locator('[role="dialog"] [data-action="confirm"]').click();
        const loan = page.getByTestId('open-loan');
        await expect.poll(() => loan.getByTestId('loan-outstanding').textContent()).toBe('₹10,000.00');
        expect(await page.getByTestId('credit-borrowed').textContent()).toBe('₹10,000.00');

        // The next business date's job: one day's interest, 10 000 × 12 % / 365 = ₹3.29.
        const outcome = await accrueInterest(db, tomorrow());
        expect(outcome.accruals).toBe(1);
        expect((await accrueInterest(db, tomorrow())).accruals).toBe(0);
        await page.reload();
        await expect.poll(() => page.getByTestId('loan-outstanding').textContent()).toBe('₹10,003.29');
        expect(await page.getByTestId('loan-split').textContent()).toBe('₹10,000.00 · ₹3.29');
        await shot(page, `lending-loan-${language.stored}`);

        // The records show the borrow and the day's interest.
        await page.goto(`${app.baseUrl}/#/information/jkjl`);
        await page.locator('[data-action="loan-records"]').first().click();
        await expect.poll(() => page.getByTestId('loan-event').count()).toBe(2);
        expect(await page.locator('[data-testid="loan-event"][data-kind="interest"]').textContent()).toContain('₹3.29');
        await shot(page, `lending-records-${language.stored}`);

        // Repay everything: nothing owed, the loan is repaid.
        await page.goto(`${app.baseUrl}/#/information/loan`);
        await page.locator('[data-action="repay-all"]').click();
        await page.locator('[data-action="repay"]').click();
        await page.getByTestId('no-open-loans').waitFor();
        expect(await page.getByTestId('credit-borrowed').textContent()).toBe('₹0.00');
        const [owed] = await db.query<{ balance_paise: bigint }>(
          "SELECT a.balance_paise FROM ledger_accounts a JOIN users u ON u.id = a.user_id WHERE u.account = $1 AND a.kind = 'user_loan'",
          [language.account],
        );
        expect(owed!.balance_paise).toBe(0n);
        await shot(page, `lending-repaid-${language.stored}`);
      } finally {
        await browser.close();
      }
    });
  }
});

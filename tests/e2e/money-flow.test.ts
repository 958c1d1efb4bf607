// Money in and out end to end, in real Chromium against the real server: a newly registered
// user (phone, in Korean) completes KYC; a reviewer (desktop back office, in Traditional
// Chinese) approves it; the user sets a fund password, binds a card and reports a deposit
// with its receipt; the reviewer approves the deposit; the user withdraws part of it with
// the fund password; the reviewer pays it out with the bank reference. The statement the
// user downloads then reconciles (opening + changes = closing = the cash the app shows),
// and every staff decision is in the user's account activity.
import { mkdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRupees, parseRupees } from '../../contract/money.ts';
import { type Browser, openDesktopBrowser, openPhoneBrowser, type RunningApp, screenshotDir, signIn, startApp, demoStaffSession, signInToBackOffice, sessionOf } from './harness.ts';

let app: RunningApp;
let user: Browser;
let staff: Browser;
const photo = join(tmpdir(), `ledgerline-money-flow-${process.pid}.jpg`);
const account = '9812345670';
const password = 'money-flow-123';
const fundPassword = '739164';

beforeAll(async () => {
  mkdirSync(screenshotDir, { recursive: true });
  await writeFile(photo, await sharp({ create: { width: 1000, height: 640, channels: 3, background: '#c9d8b6' } }).jpeg().toBuffer());
  app = await startApp({ MARKET_WARMUP_MINUTES: '1' });
  [user, staff] = await Promise.all([openPhoneBrowser(), openDesktopBrowser()]);
  // The stored language values the app reads ("ko", "tw"): the user reads Korean, the reviewer Traditional Chinese.
  await user.context.addInitScript(() => localStorage.setItem('language', 'ko'));
  await staff.context.addInitScript(() => localStorage.setItem('language', 'tw'));
});

afterAll(async () => {
  await Promise.all([user?.close(), staff?.close()]);
  await app?.stop();
});

const shot = (page: Page, name: string) => page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });

async function api(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${app.baseUrl}/api/vue/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return (await response.json()) as { status: number; msg: string; data: any };
}

/** The signed-in user's own session headers, as the app stores them. */

/** In the back office, opens `section`, waits for the user's row among the waiting ones and takes a decision through its dialog. */
async function approveInBackOffice(page: Page, section: 'kyc' | 'deposits' | 'withdrawals', reason: string, fill?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) {
  await page.goto(`${app.baseUrl}/#/admin/${section}`);
  // Open queues refresh themselves every 15 s; a reviewer who just heard of a request reloads.
  await page.reload();
  const row = page.locator('[data-testid="row"]', { hasText: account });
  try {
    await row.waitFor({ timeout: 15_000 });
  } catch (error) {
    await shot(page, `4x-back-office-${section}-no-row`);
    throw error;
  }
  await row.click();
  await page.locator('button[data-action="approve"]').click();
  const dialog = page.getByRole('dialog');
  await fill?.(dialog);
  await dialog.locator('textarea[name="reason"]').fill(reason);
  await shot(page, `4${['kyc', 'deposits', 'withdrawals'].indexOf(section)}-back-office-${section}-approve`);
  await dialog.locator('button[type="submit"]').click();
  await dialog.waitFor({ state: 'detached', timeout: 15_000 });
  await row.waitFor({ state: 'detached', timeout: 15_000 });
}

describe('money in and out in Chromium', () => {
  it('kyc-approved-in-the-back-office-card-deposit-approved-withdrawal-paid-and-the-statement-reconciles', async () => {
    expect((await api('user/register', { account, password, password2: password, invite_code: 'DEMO100', agree: true })).status).toBe(1);
    // CI runs at any hour: the admin opens withdrawals around the clock first, as the back office's Configuration page would.
    const adminHeaders = await demoStaffSession(app.baseUrl, 'admin');
    const window = { days: [1, 2, 3, 4, 5, 6, 7], from: '00:00', to: '23:59' };
    expect((await api('admin/settings/update', { name: 'withdrawal.window', value: window, reason: 'End-to-end test runs at any hour' }, adminHeaders)).status).toBe(1);

    const phone = user.page;
    const desk = staff.page;
    await signIn(phone, app.baseUrl, account, password);
    await signInToBackOffice(desk, app.baseUrl, 'reviewer');

    // KYC: PAN, both photos, under review.
    await phone.goto(`${app.baseUrl}/#/information/authInfo`);
    await phone.locator('[data-testid="kyc-banner"][data-status="not_verified"]').waitFor();
    await phone.locator('input[name="name"]').fill('Asha Rao');
    await phone.getByRole('radio', { name: 'PAN' }).click();
    await phone.locator('input[name="id_number"]').fill('ABCPR1234F');
    await phone.setInputFiles('#photo-kyc_front', photo);
    await phone.setInputFiles('#photo-kyc_back', photo);
    await phone.locator('[data-testid="photo-kyc_front"][data-phase="done"]').waitFor({ timeout: 15_000 });
    await phone.locator('[data-testid="photo-kyc_back"][data-phase="done"]').waitFor({ timeout: 15_000 });
    await phone.locator('button[type="submit"]').click();
    await phone.locator('[data-testid="kyc-banner"][data-status="under_review"]').waitFor({ timeout: 15_000 });

    await approveInBackOffice(desk, 'kyc', 'PAN and photos match');
    await phone.goto(`${app.baseUrl}/#/information/mine_valid`);
    await phone.locator('[data-testid="kyc-banner"][data-status="verified"]').waitFor({ timeout: 15_000 });

    // Fund password, then a card in the verified name (prefilled).
    await phone.goto(`${app.baseUrl}/#/information/fundPass`);
    await phone.locator('input[name="password"]').fill(fundPassword);
    await phone.locator('input[name="password2"]').fill(fundPassword);
    await phone.locator('button[type="submit"]').click();
    await phone.waitForURL(/#\/information\/safety/, { timeout: 15_000 });

    await phone.goto(`${app.baseUrl}/#/information/addBankCard`);
    await expect.poll(() => phone.locator('input[name="holder_name"]').inputValue(), { timeout: 15_000 }).toBe('Asha Rao');
    await phone.locator('input[name="account_no"]').fill('50100123454821');
    await phone.locator('input[name="account_no2"]').fill('50100123454821');
    await phone.locator('input[name="ifsc"]').fill('HDFC0001234');
    await phone.locator('input[name="bank_name"]').fill('HDFC Bank');
    await phone.locator('input[name="branch"]').fill('Koramangala');
    await phone.locator('input[name="bank_code"]').fill('HDFC');
    await phone.locator('button[type="submit"]').click();
    await phone.locator('[data-testid="bank-card"]').waitFor({ timeout: 15_000 });
    expect(await phone.locator('[data-testid="bank-card"]').textContent()).toContain('4821');
    expect(await phone.locator('[data-testid="bank-card"]').textContent()).not.toContain('50100123454821');

    // Deposit ₹25,000 with the transfer reference and the receipt.
    await phone.goto(`${app.baseUrl}/#/information/recharge`);
    await phone.locator('[data-testid="channel-details"]').waitFor({ timeout: 15_000 });
    await phone.locator('input[name="amount"]').fill('25000');
    await phone.locator('input[name="reference"]').fill('HDFCN52026112412');
    await phone.setInputFiles('[data-testid="receipt-input"]', photo);
    await phone.locator('[data-testid="receipt-status"][data-status="done"]').waitFor({ timeout: 15_000 });
    await phone.locator('button[type="submit"]').click();
    await phone.locator('button[data-action="confirm"]').click();
    await phone.locator('[data-testid="pending-deposit"]').waitFor({ timeout: 15_000 });
    await shot(phone, '50-deposit-under-review-ko');

    await approveInBackOffice(desk, 'deposits', 'Credit seen on the collection account');
    await phone.goto(`${app.baseUrl}/#/information/recharge?tab=history`);
    await phone.locator('[data-testid="deposit-row"][data-status="approved"]').waitFor({ timeout: 15_000 });

    // Withdraw ₹7,500.50 to the card with the fund password.
    await phone.goto(`${app.baseUrl}/#/information/withdrawal`);
    await expect.poll(() => phone.locator('[data-testid="withdrawable"]').textContent(), { timeout: 15_000 }).toContain('25,000');
    await phone.locator('input[name="amount"]').fill('7500.50');
    await phone.locator('input[name="fund_password"]').fill(fundPassword);
    await phone.locator('button[type="submit"]').click();
    expect(await phone.locator('[data-testid="confirm-destination"]').textContent()).toContain('4821');
    await shot(phone, '51-withdrawal-confirm-ko');
    await phone.locator('button[data-action="confirm"]').click();
    await phone.waitForURL(/#\/information\/cashOut/, { timeout: 15_000 });
    await phone.locator('[data-testid="withdrawal-row"][data-status="pending"]').waitFor({ timeout: 15_000 });

    await approveInBackOffice(desk, 'withdrawals', 'Paid by NEFT', async (dialog) => {
      await dialog.locator('input[name="bank_reference"]').fill('NEFT-N328260012345');
    });
    await phone.reload();
    await phone.locator('[data-testid="withdrawal-row"][data-status="paid"]').waitFor({ timeout: 15_000 });
    await shot(phone, '52-withdrawal-paid-ko');

    // The records show both movements; the statement reconciles to the paisa with the cash the app shows.
    await phone.goto(`${app.baseUrl}/#/information/fundRecord`);
    await phone.locator('[data-testid="statement-line"][data-kind="deposit"]').waitFor({ timeout: 15_000 });
    await phone.locator('[data-testid="statement-line"][data-kind="withdrawal_payout"]').waitFor({ timeout: 15_000 });
    expect(await phone.locator('[data-testid="statement-line"][data-kind="deposit"]').textContent()).toMatch(/입금 \d+ 완료: .*₹25,000\.00/);
    await phone.locator('button[data-action="open-statement-download"]').click();
    const [download] = await Promise.all([phone.waitForEvent('download'), phone.locator('button[data-action="download-statement"]').click()]);
    const rows = parse(await readFile((await download.path())!, 'utf8'), { columns: true, comment: '#', comment_no_infix: true }) as Record<string, string>[];
    const opening = rows[0]!;
    const closing = rows.at(-1)!;
    expect([opening.kind, closing.kind]).toEqual(['opening_balance', 'closing_balance']);
    const changes = rows.slice(1, -1);
    expect(changes.map((row) => row.kind)).toEqual(expect.arrayContaining(['deposit', 'withdrawal_hold', 'withdrawal_payout']));
    // The file reads in the app's language (Korean here), amounts as rupees are written.
    expect(changes.find((row) => row.kind === 'deposit')!.reason).toMatch(/^입금 \d+ 완료: .*₹25,000\.00/);
    expect([opening.reason, ...changes.map((row) => row.currency)]).toEqual(['기초 잔액', ...changes.map(() => 'INR')]);
    const sum = changes.reduce((total, row) => total + parseRupees(row.change!)!, 0n);
    expect(parseRupees(opening.balance!)! + sum).toBe(parseRupees(closing.balance!));
    expect(closing.balance).toBe(formatRupees(2_500_000n - 750_050n));
    const info = await api('user/info', {}, await sessionOf(phone));
    expect(info.data.balances.cash).toBe(closing.balance);
    await shot(phone, '53-fund-records-ko');

    // Each staff decision is in the user's own account activity, with its reason.
    await phone.goto(`${app.baseUrl}/#/information/index`);
    await phone.locator('[data-testid="activity-entry"]').first().waitFor({ timeout: 15_000 });
    const activity = (await phone.locator('[data-testid="activity-entry"]').allTextContents()).join('\n');
    for (const reason of ['PAN and photos match', 'Credit seen on the collection account', 'Paid by NEFT']) expect(activity).toContain(reason);
    await shot(phone, '54-account-activity-ko');
  });
});

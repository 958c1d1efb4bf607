// Identity end to end in real Chromium at phone size against the real server: the demo user
// takes both ID photos (uploaded as multipart), types an Aadhaar number that the screen
// rejects for its check digit and then a right one, submits, and is under review; a
// reviewer approves through the back-office API; the status page then says verified, and
// the user sets a fund password that the security page reports.
import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, openPhoneBrowser, type RunningApp, screenshotDir, signInAsDemo, startApp, demoStaffSession } from './harness.ts';

let app: RunningApp;
let browser: Browser;
const cardPhoto = join(tmpdir(), `ledgerline-id-card-${process.pid}.jpg`);

beforeAll(async () => {
  mkdirSync(screenshotDir, { recursive: true });
  await writeFile(cardPhoto, await sharp({ create: { width: 1200, height: 760, channels: 3, background: '#8fb3d9' } }).jpeg().toBuffer());
  app = await startApp({ MARKET_WARMUP_MINUTES: '1' });
  browser = await openPhoneBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const shot = (page: Page, name: string) => page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });

async function api(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${app.baseUrl}/api/vue/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return (await response.json()) as { status: number; msg: string; data: any };
}

describe('identity in Chromium', () => {
  it('submit-kyc-with-photos-get-approved-then-set-the-fund-password', async () => {
    const { page } = browser;
    await signInAsDemo(page, app.baseUrl);

    await page.goto(`${app.baseUrl}/#/information/authInfo`);
    await page.locator('[data-testid="kyc-banner"][data-status="not_verified"]').waitFor();
    await page.locator('input[name="name"]').fill('Demo Investor');
    await page.getByRole('radio', { name: 'Aadhaar' }).click();
    await page.locator('input[name="id_number"]').fill('2345 6789 0125');
    await expect.poll(() => page.locator('[data-testid="id-number-check"]').textContent()).toContain('does not add up');
    await page.locator('input[name="id_number"]').fill('234567890124');
    await expect.poll(() => page.locator('[data-testid="id-number-check"]').textContent()).toBe('Format looks right');
    await page.setInputFiles('#photo-kyc_front', cardPhoto);
    await page.setInputFiles('#photo-kyc_back', cardPhoto);
    await page.locator('[data-testid="photo-kyc_front"][data-phase="done"]').waitFor({ timeout: 15_000 });
    await page.locator('[data-testid="photo-kyc_back"][data-phase="done"]').waitFor({ timeout: 15_000 });
    await shot(page, '30-kyc-form-filled');
    await page.locator('button[type="submit"]').click();
    await page.locator('[data-testid="kyc-banner"][data-status="under_review"]').waitFor({ timeout: 15_000 });
    expect(await page.locator('[data-testid="kyc-id-number"]').textContent()).toBe('••••••••0124');
    await shot(page, '31-kyc-under-review');

    const staff = await demoStaffSession(app.baseUrl, 'reviewer');
    const queue = await api('admin/kyc/list', { page: 1, status: 'under_review' }, staff);
    const submission = queue.data.items.find((item: { id_number: string }) => item.id_number === '234567890124');
    expect(submission).toBeDefined();
    expect((await api('admin/kyc/review', { id: submission.id, decision: 'approve', reason: 'Photos match the number' }, staff)).status).toBe(1);

    await page.goto(`${app.baseUrl}/#/information/mine_valid`);
    await page.locator('[data-testid="kyc-banner"][data-status="verified"]').waitFor({ timeout: 15_000 });
    await shot(page, '32-kyc-verified');

    await page.goto(`${app.baseUrl}/#/information/fundPass`);
    await page.locator('input[name="password"]').fill('482913');
    await page.locator('input[name="password2"]').fill('482913');
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(/#\/information\/safety/, { timeout: 15_000 });
    await expect.poll(() => page.locator('[data-testid="security-fund-password"]').textContent(), { timeout: 15_000 }).toContain('Change');
    expect(await page.locator('[data-testid="security-kyc"]').textContent()).toContain('Verified');
    await shot(page, '33-security');
  });
});

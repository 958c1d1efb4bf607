// "Forgot password?" end to end in real Chromium against the real server in demo mode: the demo
// user asks for a code on the phone; an operator reads it in the back office's demo outbox (on a
// desktop window); the user types it with a new password, is sent to sign-in, and signs in with
// the new password, while the old one no longer works.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUser } from '../../server/demo/seed.ts';
import { type Browser, openDesktopBrowser, openPhoneBrowser, type RunningApp, screenshotDir, signIn, signInToBackOffice, startApp } from './harness.ts';

let app: RunningApp;
let phone: Browser;
let desk: Browser;

beforeAll(async () => {
  app = await startApp({ MARKET_WARMUP_MINUTES: '1' });
  phone = await openPhoneBrowser();
  desk = await openDesktopBrowser();
});

afterAll(async () => {
  await phone?.close();
  await desk?.close();
  await app?.stop();
});

const shot = (page: Page, name: string) => page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });

describe('account recovery in Chromium', () => {
  it('forgot-read-the-code-in-the-demo-outbox-reset-sign-in', async () => {
    const user = phone.page;
    await user.goto(`${app.baseUrl}/#/login/login`);
    await user.locator('[data-testid="forgot-password"]').click();
    await user.waitForURL(/#\/login\/forgotPassword/);
    // The URL changes before the page's lazy chunk renders, and the sign-in page still showing
    // has an account field too: wait for this page, or the number goes into the wrong form.
    await user.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await user.locator('input[name="account"]').fill(demoUser.account);
    await user.locator('button[type="submit"]').click();
    await user.waitForURL(/#\/login\/resetPassword\?account=/, { timeout: 15_000 });
    await shot(user, '60-reset-enter-code');

    const staff = desk.page;
    await signInToBackOffice(staff, app.baseUrl, 'operator');
    await staff.goto(`${app.baseUrl}/#/admin/outbox`);
    await staff.locator('[data-testid="demo-outbox-notice"]').waitFor({ timeout: 15_000 });
    const code = (await staff.locator('[data-testid="outbox-code"]').first().textContent({ timeout: 15_000 }))!.trim();
    expect(code).toMatch(/^\d{6}$/);
    await shot(staff, '61-demo-outbox');

    const newPassword = 'violet-harbour-kettle';
    await user.locator('input[name="code"]').fill(code);
    await user.locator('input[name="password"]').fill(newPassword);
    await user.locator('input[name="password2"]').fill(newPassword);
    await user.locator('button[type="submit"]').click();
    await user.waitForURL(/#\/login\/login/, { timeout: 15_000 });

    // The old password is refused, the new one signs in.
    await user.locator('input[name="account"]').fill(demoUser.account);
    await user.locator('input[name="password"]').fill(demoUser.password);
    await user.locator('button[type="submit"]').click();
    await user.getByText('Incorrect mobile number or password.').waitFor({ timeout: 15_000 });
    await signIn(user, app.baseUrl, demoUser.account, newPassword);
    await shot(user, '62-signed-in-after-reset');
  });
});

// Proves the walking skeleton end to end in real Chromium at phone size, against the real
// server and embedded database: register with DEMO100, sign in, see the balance, switch to
// Korean, sign out; a wrong password shows its translated toast; the demo login works in all three languages.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, openPhoneBrowser, type RunningApp, screenshotDir, startApp } from './harness.ts';

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(screenshotDir, { recursive: true });
  app = await startApp();
  browser = await openPhoneBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const shot = (page: Page, name: string) => page.screenshot({ path: join(screenshotDir, `${name}.png`) });

async function signIn(page: Page, account: string, password: string) {
  await page.goto(`${app.baseUrl}/#/login/login`);
  await page.locator('input[name="account"]').fill(account);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
}

async function chooseLanguage(page: Page, locale: 'en' | 'zh-Hant' | 'ko') {
  await page.goto(`${app.baseUrl}/#/information/changeLang`);
  await page.locator(`label[lang="${locale}"]`).click();
}

async function signOut(page: Page, label: string) {
  await page.goto(`${app.baseUrl}/#/information/mine`);
  await page.getByRole('button', { name: label }).click();
  await page.waitForURL(/#\/login\/login/, { timeout: 10_000 });
}

describe('walking skeleton in Chromium', () => {
  it('register-with-demo-code-sign-in-see-balance-switch-to-korean-sign-out', async () => {
    const { page } = browser;
    await page.goto(app.baseUrl);
    await page.waitForURL(/#\/login\/start/);
    await expect.poll(() => page.getByText(/not a registered broker/i).count()).toBeGreaterThan(0);
    await shot(page, '01-start');

    await page.goto(`${app.baseUrl}/#/login/register`);
    await page.locator('input[name="account"]').fill('9123456780');
    await page.locator('input[name="password"]').fill('my-secret-pass');
    await page.locator('input[name="password2"]').fill('my-secret-pass');
    await page.locator('input[name="invite_code"]').fill('DEMO100');
    await page.locator('input[type="checkbox"]').check();
    await shot(page, '02-register');
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(/#\/home\/index/, { timeout: 15_000 });
    await expect.poll(() => page.getByText('₹0.00').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await shot(page, '03-home-new-user');

    await signOut(page, 'Sign out');
    await signIn(page, '9123456780', 'my-secret-pass');
    await page.waitForURL(/#\/home\/index/, { timeout: 15_000 });

    await chooseLanguage(page, 'ko');
    await page.goto(`${app.baseUrl}/#/home/index`);
    await expect.poll(() => page.getByText('총자산').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await shot(page, '04-home-korean');

    await signOut(page, '로그아웃');
    await expect.poll(() => page.getByText('다시 오신 것을 환영합니다').count()).toBeGreaterThan(0);
    await shot(page, '05-login-after-sign-out-korean');
  });

  it('wrong-password-shows-its-translated-toast', async () => {
    const { page } = browser;
    await chooseLanguage(page, 'en');
    await signIn(page, '9000000001', 'not-the-password');
    await expect.poll(() => page.getByText('Incorrect mobile number or password.').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await shot(page, '06-wrong-password');
  });

  const languages = [
    { locale: 'en', totalAssets: 'Total assets', signOut: 'Sign out' },
    { locale: 'zh-Hant', totalAssets: '總資產', signOut: '登出' },
    { locale: 'ko', totalAssets: '총자산', signOut: '로그아웃' },
  ] as const;

  it.each(languages)('demo-login-shows-ten-lakh-rupees-in-$locale', async ({ locale, totalAssets, signOut: signOutLabel }) => {
    const { page } = browser;
    await chooseLanguage(page, locale);
    await signIn(page, '9000000001', 'demo-pass-123');
    await page.waitForURL(/#\/home\/index/, { timeout: 15_000 });
    await expect.poll(() => page.getByText(totalAssets).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.getByText(/10,00,000\.00|1,000,000\.00/).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await shot(page, `07-demo-home-${locale}`);
    await signOut(page, signOutLabel);
  });
});

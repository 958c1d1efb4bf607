// Helpers of wealth-flow.test.ts: the API as the app calls it, staff sign-ins, a registered user
// funded through a deposit with its receipt approved by a reviewer, the language switch, the
// courseware studied in the browser, the exam answered from the server's own answer key, and
// what each language writes on the wealth screens.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { expect } from 'vitest';
import { courseLessonIds } from '../../contract/course.ts';
import { bankQuestion } from '../../server/course/questionBank.ts';
import { demoStaffSession, sessionOf as harnessSessionOf, screenshotDir, signIn } from './harness.ts';

export type Locale = 'en' | 'zh-Hant' | 'ko';
type Headers = Record<string, string>;

/** A screenshot of the whole page, or of the screen only (`fullPage: false`, for a sheet over the page). */
export const shot = (page: Page, name: string, fullPage = true) => page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage });

/** Calls a command as the app does and answers its data; anything but success fails the test with the server's message. */
export async function api<T = any>(baseUrl: string, path: string, body: unknown, headers: Headers = {}): Promise<T> {
  const response = await fetch(`${baseUrl}/api/vue/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const envelope = (await response.json()) as { status: number; msg: string; data: T };
  expect(envelope.status, `${path}: ${envelope.msg}`).toBe(1);
  return envelope.data;
}

/** The session headers the signed-in page holds (its HttpOnly cookie). */
export const sessionOf = (page: Page): Promise<Headers> => harnessSessionOf(page);

/** A demo staff member's session (password, then a code); `password` is the demo one the harness knows. */
export async function staffSession(baseUrl: string, login: string, _password?: string): Promise<Headers> {
  return demoStaffSession(baseUrl, login);
}

/**
 * Registers a user with the demo invitation code and funds them as a real user is funded: a
 * deposit report with a photo of the receipt, approved by a reviewer.
 */
export async function registerFundedUser(baseUrl: string, reviewer: Headers, account: string, password: string, amount: string): Promise<void> {
  await api(baseUrl, 'user/register', { account, password, password2: password, invite_code: 'DEMO100', agree: true });
  const { token } = await api<{ token: string }>(baseUrl, 'user/login', { account, password });
  const session = { token, account };
  const receipt = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#d8c9b6' } }).jpeg().toBuffer();
  const form = new FormData();
  form.append('purpose', 'deposit_receipt');
  form.append('file', new Blob([new Uint8Array(receipt)], { type: 'image/jpeg' }), 'receipt.jpg');
  const uploaded = (await (await fetch(`${baseUrl}/api/vue/upload/image`, { method: 'POST', headers: session, body: form })).json()) as { status: number; msg: string; data: { upload_id: string } };
  expect(uploaded.status, `upload: ${uploaded.msg}`).toBe(1);
  const info = await api<{ channels: { id: string }[] }>(baseUrl, 'user/depositInfo', {}, session);
  const deposit = await api<{ id: string }>(
    baseUrl,
    'user/deposit',
    { channel_id: info.channels[0]!.id, amount, reference: `UTR${account}`, receipt_upload_id: uploaded.data.upload_id, idempotency_key: `wealth-deposit-${account}` },
    session,
  );
  await api(baseUrl, 'admin/deposits/review', { id: deposit.id, decision: 'approve', reason: 'Credit seen on the collection account' }, reviewer);
}

/** Signs in through the login screen, then switches the app's language on its own screen. */
export async function signInReading(page: Page, baseUrl: string, account: string, password: string, locale: Locale): Promise<void> {
  await signIn(page, baseUrl, account, password);
  await page.goto(`${baseUrl}/#/information/changeLang`);
  await page.locator(`label[lang="${locale}"]`).click();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang), { timeout: 5_000 }).toBe(locale);
}

/** Opens a screen afresh: going to the URL already shown is a same-document hash change that reloads nothing. */
export async function visit(page: Page, baseUrl: string, path: string): Promise<void> {
  const url = `${baseUrl}/#${path}`;
  if (page.url() === url) await page.reload();
  else await page.goto(url);
}

const hangul = /\p{Script=Hangul}/u;
const han = /\p{Script=Han}/u;

/** Whether the screen's main text is written in `locale`: Hangul for Korean, Chinese characters (and no Hangul) for Traditional Chinese, neither for English. */
export async function expectScreenIn(page: Page, locale: Locale, what: string): Promise<void> {
  const text = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
  if (locale === 'ko') expect(hangul.test(text), `${what} reads in Korean: ${text.slice(0, 160)}`).toBe(true);
  if (locale === 'zh-Hant') expect(han.test(text) && !hangul.test(text), `${what} reads in Traditional Chinese: ${text.slice(0, 160)}`).toBe(true);
  if (locale === 'en') expect(han.test(text) || hangul.test(text), `${what} reads in English: ${text.slice(0, 160)}`).toBe(false);
}

/** What each language writes where the test reads a word (the catalogs' translations). */
export const words = {
  en: { passed: 'Passed', pending: 'Waiting for NAV', holding: 'Holding', paid: 'Paid' },
  'zh-Hant': { passed: '已通過', pending: '等待淨值', holding: '持有中', paid: '已給付' },
  ko: { passed: '합격', pending: '기준가 대기', holding: '보유 중', paid: '지급 완료' },
} as const satisfies Record<Locale, Record<string, string>>;

/**
 * Studies every lesson in the reader: opens the first from the list, waits out the countdown
 * the server's clock sets, marks it studied, and follows "Next" to the end.
 */
export async function studyEveryLesson(page: Page, baseUrl: string, locale: Locale): Promise<void> {
  await visit(page, baseUrl, '/home/qcList');
  const lessons = page.getByTestId('course-lesson');
  await expect.poll(() => lessons.count(), { timeout: 15_000 }).toBe(courseLessonIds.length);
  expect(await page.getByTestId('course-progress').getAttribute('data-studied')).toBe('0');
  await expectScreenIn(page, locale, 'the lesson list');
  await lessons.first().click();
  for (const [index, lessonId] of courseLessonIds.entries()) {
    const reader = page.locator(`[data-testid="course-reader"][data-lesson-id="${lessonId}"]`);
    await reader.waitFor({ timeout: 15_000 });
    // The countdown mirrors the server's clock; Mark as studied waits for it.
    await page.getByTestId('course-countdown').waitFor({ timeout: 5_000 });
    if (index === 0) {
      await expectScreenIn(page, locale, 'a lesson');
      await shot(page, `wealth-${locale}-lesson`);
    }
    await page.getByTestId('course-complete').click({ timeout: 15_000 });
    await page.getByTestId('course-studied').waitFor({ timeout: 15_000 });
    expect(await reader.getAttribute('data-state')).toBe('studied');
    if (index < courseLessonIds.length - 1) await page.getByTestId('course-next-lesson').click();
  }
  await visit(page, baseUrl, '/home/qcList');
  await expect.poll(() => page.getByTestId('course-progress').getAttribute('data-studied'), { timeout: 15_000 }).toBe(String(courseLessonIds.length));
  expect(await page.locator('[data-testid="course-lesson"][data-state="studied"]').count()).toBe(courseLessonIds.length);
}

/** Takes the exam in the browser, choosing each drawn question's right option from the server's answer key, and sees the pass. */
export async function passExam(page: Page, baseUrl: string, locale: Locale): Promise<void> {
  await visit(page, baseUrl, '/home/qcList?view=exam');
  await page.getByTestId('exam-start').click({ timeout: 15_000 });
  const questions = page.getByTestId('exam-question');
  await expect.poll(() => questions.count(), { timeout: 15_000 }).toBe(10);
  await expectScreenIn(page, locale, 'the exam paper');
  await shot(page, `wealth-${locale}-exam`);
  await answerEveryQuestionRight(page);
  await page.getByTestId('exam-submit').click();
  const result = page.getByTestId('exam-result');
  await result.waitFor({ timeout: 15_000 });
  expect(await result.getAttribute('data-passed')).toBe('true');
  expect(await page.getByTestId('exam-score').textContent()).toBe('100%');
  expect(await page.getByTestId('exam-verdict').textContent()).toBe(words[locale].passed);
  await expectScreenIn(page, locale, 'the exam result');
  await shot(page, `wealth-${locale}-exam-passed`);
}

/** Chooses each drawn question's right option, read from the server's answer key (as server/course/courseTestKit.ts does), by tapping its label. */
export async function answerEveryQuestionRight(page: Page): Promise<void> {
  const questions = page.getByTestId('exam-question');
  for (const questionId of await questions.evaluateAll((sets) => sets.map((set) => set.getAttribute('data-question-id')!))) {
    const correct = bankQuestion(questionId)!.correct;
    const option = page.locator(`[data-testid="exam-option"][data-question-id="${questionId}"][data-option-index="${correct}"]`);
    await page.locator('label').filter({ has: option }).click();
    await expect.poll(() => option.isChecked()).toBe(true);
  }
}

/** Studies every lesson through the API: an admin shortens the reading time to 1 s, every lesson is opened, and each is completed once that second has passed on the server's clock. */
export async function studyEveryLessonByApi(baseUrl: string, session: Headers): Promise<void> {
  const admin = await staffSession(baseUrl, 'admin', 'demo-admin-123');
  await api(baseUrl, 'admin/settings/update', { name: 'course.lesson_min_seconds', value: 1, reason: 'End-to-end test: lessons read in 1 s' }, admin);
  for (const lesson_id of courseLessonIds) await api(baseUrl, 'course/open', { lesson_id }, session);
  await new Promise((resolve) => setTimeout(resolve, 1_200));
  for (const lesson_id of courseLessonIds) await api(baseUrl, 'course/complete', { lesson_id }, session);
}

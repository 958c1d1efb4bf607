// The market calendar gives the same answers in the browser as in Node: the shared table of
// cases (contract/calendar.cases.ts: holidays, weekends, every session edge to the
// millisecond, IST midnight ± 1 ms, a year end) is bundled with the calendar into one
// script and run in real Chromium, on the main thread and inside a Web Worker (where the
// quote stream lives), with the device set to a zone far from India.
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarCaseResult } from '../../contract/calendar.cases.ts';
import { calendarCases } from '../../contract/calendar.cases.ts';
import { type Browser, openDesktopBrowser } from './harness.ts';

declare const ledgerlineCalendarCases: { runCalendarCases(): CalendarCaseResult[] };

/** A zone with a half-hour offset and daylight saving, so a stray use of the device's clock shows. */
const deviceZone = 'America/St_Johns';

let browser: Browser;
let bundle: string;

beforeAll(async () => {
  const result = await build({
    entryPoints: ['contract/calendar.cases.ts'],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'ledgerlineCalendarCases',
    target: 'es2022',
    logLevel: 'silent',
  });
  bundle = result.outputFiles[0]!.text;
  browser = await openDesktopBrowser();
  const devtools = await browser.context.newCDPSession(browser.page);
  await devtools.send('Emulation.setTimezoneOverride', { timezoneId: deviceZone });
});

afterAll(async () => {
  await browser?.close();
});

function expectEveryCaseToHold(results: CalendarCaseResult[]): void {
  expect(results.map((result) => result.name)).toEqual(calendarCases.map((testCase) => testCase.name));
  for (const result of results) expect(result.actual, result.name).toEqual(result.expected);
}

describe('the market calendar in Chromium', () => {
  it('answers every case on the main thread, whatever the device zone', async () => {
    const page = browser.page;
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(deviceZone);
    await page.addScriptTag({ content: bundle });
    expectEveryCaseToHold(await page.evaluate(() => ledgerlineCalendarCases.runCalendarCases()));
  });

  it('answers every case inside a Web Worker', async () => {
    const results = await browser.page.evaluate(
      (script) =>
        new Promise<CalendarCaseResult[]>((resolve, reject) => {
          const source = `${script}\npostMessage(ledgerlineCalendarCases.runCalendarCases());`;
          const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
          worker.onmessage = (event: MessageEvent<CalendarCaseResult[]>) => {
            worker.terminate();
            resolve(event.data);
          };
          worker.onerror = (event) => reject(new Error(event.message));
        }),
      bundle,
    );
    expectEveryCaseToHold(results);
  });
});

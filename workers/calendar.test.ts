import { describe, expect, it } from 'vitest';
import { calendarCases } from '../contract/calendar.cases.ts';

// The market calendar's table of cases in the web project's environment (happy-dom), where
// the quote worker's and the app's code is tested; Node and real Chromium run the same table.

describe('the market calendar under happy-dom', () => {
  it.each(calendarCases.map((testCase) => [testCase.name, testCase] as const))('%s', (_name, testCase) => {
    expect(testCase.actual()).toEqual(testCase.expected);
  });
});

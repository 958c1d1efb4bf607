// Proves the chart's month, day and time labels are written in the reader's language and
// read the bar times as Indian Standard Time.
import { describe, expect, it } from 'vitest';
import { chartLabelFormatters, tickMarkKinds } from './chartLabels.ts';
import { chartTimeOf } from './liveBars.ts';

// 3 Sep 2025, 09:15 IST is 03:45 UTC.
const sessionOpen = chartTimeOf(Date.UTC(2025, 8, 3, 3, 45));

describe('chart labels', () => {
  it('months-and-days-on-the-axis-read-in-each-language', () => {
    expect(chartLabelFormatters('en', false).tickMark(sessionOpen, tickMarkKinds.month)).toMatch(/^Sep/);
    expect(chartLabelFormatters('zh-Hant', false).tickMark(sessionOpen, tickMarkKinds.month)).toBe('9月');
    expect(chartLabelFormatters('ko', false).tickMark(sessionOpen, tickMarkKinds.month)).toBe('9월');
    expect(chartLabelFormatters('zh-Hant', false).tickMark(sessionOpen, tickMarkKinds.dayOfMonth)).toBe('3日');
    expect(chartLabelFormatters('ko', false).tickMark(sessionOpen, tickMarkKinds.year)).toBe('2025년');
  });

  it('times-of-day-are-indian-standard-time-on-a-24-hour-clock', () => {
    for (const locale of ['en', 'zh-Hant', 'ko'] as const) {
      expect(chartLabelFormatters(locale, true).tickMark(sessionOpen, tickMarkKinds.time)).toBe('09:15');
    }
  });

  it('the-crosshair-shows-the-date-and-for-intraday-bars-the-time', () => {
    expect(chartLabelFormatters('zh-Hant', true).crosshair(sessionOpen)).toBe('2025年9月3日 09:15');
    expect(chartLabelFormatters('ko', false).crosshair(sessionOpen)).toBe('2025년 9월 3일 (수)');
    expect(chartLabelFormatters('en', false).crosshair(sessionOpen)).toContain('2025');
  });
});

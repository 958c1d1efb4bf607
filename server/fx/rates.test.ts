// The pure arithmetic of exchange: the ECB file is read exactly (no float), cross rates go
// through the euro, a quote is the reference less the spread rounded down, and what the user
// receives is rounded down to the minor unit of the currency bought.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseEcbCsv } from './ecbFile.ts';
import { sharedDataDir } from '../market/sharedData.ts';
import { formatFixed, parseFixed } from '../../contract/fixedPoint.ts';
import { intradayPartsPerMillion, intradayPartsPerMillionMax } from './intraday.ts';
import { createRateBook, replayedDayIndex, replayWindowDays, type StaffRate } from './rateBook.ts';
import { crossRate, formatRate, quotedRate, ratio, receiveMinor, scaledRate } from './rateMath.ts';

const sample = [
  'Date,USD,JPY,CNY,HKD,INR,KRW,MYR,THB,',
  '2025-05-09,1.1252,163.36,8.147,8.7519,96.0755,1575.72,4.835,37.132,',
  '2025-05-08,1.1297,163.45,8.1764,8.7796,96.592,1580.13,4.8362,37.071,',
  '2025-05-07,1.1360,N/A,8.2,8.8,N/A,1590,4.84,37.1,',
].join('\n');
const staff: Record<'TWD' | 'VND', StaffRate> = { TWD: { paise: 28_000n, updatedAt: null }, VND: { paise: 3_500n, updatedAt: '2026-11-20T10:00:00.000Z' } };
const may12 = Date.parse('2025-05-12T06:00:00Z');

describe('reading the ECB file', () => {
  it('reads-rates-as-exact-integers-oldest-day-first-with-N/A-as-no-rate', () => {
    const series = parseEcbCsv(sample);
    expect(series.days).toEqual(['2025-05-07', '2025-05-08', '2025-05-09']);
    expect(series.perEuro.INR[2]).toBe(96_075_500n);
    expect(series.perEuro.KRW[0]).toBe(1_590_000_000n);
    expect(series.perEuro.INR[0]).toBe(0n);
    expect(series.perEuro.JPY[0]).toBe(0n);
  });

  it('refuses-a-file-without-a-currency-column-or-with-a-bad-cell', () => {
    expect(() => parseEcbCsv('Date,USD,\n2025-05-09,1.1,')).toThrow(/no column/);
    expect(() => parseEcbCsv(sample.replace('96.0755', 'abc'))).toThrow();
    expect(() => parseEcbCsv(sample.replace('96.0755', '-1'))).toThrow(/bad INR rate/);
  });

  const sharedEcbFile = `${sharedDataDir() ?? '../shared/data/'}fx/eurofxref-hist.csv`;
  it.runIf(existsSync(sharedEcbFile))('reads-the-whole-shared-file', () => {
    const series = parseEcbCsv(readFileSync(sharedEcbFile, 'utf8'));
    expect(series.days[0]).toBe('1999-01-04');
    expect(series.days.at(-1)).toBe('2025-05-09');
    expect(series.perEuro.KRW.at(-1)).toBe(1_575_720_000n);
  });
});

describe('fixed-point decimals', () => {
  it('parses-and-writes-without-losing-a-digit', () => {
    expect(parseFixed('0.1', 10)).toBe(1_000_000_000n);
    expect(parseFixed('1.23456', 4)).toBeNull();
    expect(formatFixed(164_006_431_234n, 10)).toBe('16.4006431234');
    expect(formatFixed(1_000_000n, 6)).toBe('1');
  });
});

describe('cross rates and quotes', () => {
  it('crosses-rupees-to-won-through-the-euro', () => {
    // 1575.72 / 96.0755 = 16.40085141...
    const rate = crossRate(ratio(96_075_500n, 1n), ratio(1_575_720_000n, 1n));
    expect(formatRate(scaledRate(rate))).toBe('16.4008514137');
  });

  it('takes-the-spread-off-and-rounds-the-rate-down', () => {
    expect(quotedRate(164_006_432_441n, 50)).toBe(163_186_400_278n);
    expect(quotedRate(3n, 1)).toBe(2n);
  });

  it('rounds-what-is-received-down-to-the-minor-unit', () => {
    // ₹1,000.00 at 16.31864 won per rupee is ₩16,318.64: the user gets ₩16,318.
    expect(receiveMinor(100_000n, 'INR', 'KRW', 163_186_400_278n)).toBe(16_318n);
    // ₩10,000 at 0.0609 rupees per won is ₹609.00 exactly; one won less is ₹608.99 and a fraction: ₹608.99.
    expect(receiveMinor(10_000n, 'KRW', 'INR', 609_000_000n)).toBe(60_900n);
    expect(receiveMinor(9_999n, 'KRW', 'INR', 609_000_000n)).toBe(60_893n);
    // A tiny amount may buy nothing at all.
    expect(receiveMinor(1n, 'KRW', 'USD', 7_000_000n)).toBe(0n);
  });
});

describe('the rate book', () => {
  const book = (intradaySeed: number | null) => createRateBook({ series: parseEcbCsv(sample), staffRate: (currency) => staff[currency], intradaySeed });

  it('uses-the-latest-ECB-day-on-or-before-today-with-its-day-change', () => {
    const pair = book(null).pair('USD', 'INR', may12)!;
    expect(pair).toMatchObject({ source: 'ecb', referenceDay: '2025-05-09', updatedAt: null });
    // 96.0755 / 1.1252 = 85.38526...; the day before 96.592 / 1.1297 = 85.50234...: −13.7 bp.
    expect(formatRate(pair.referenceScaled)).toBe('85.3852648418');
    expect(pair.dayChangeBasisPoints).toBe(-14);
    expect(pair.liveScaled).toBe(pair.referenceScaled);
  });

  it('a-replay-plays-the-file-one-business-day-a-real-day-each-dated-with-its-real-ECB-day', () => {
    const replay = createRateBook({ series: parseEcbCsv(sample), staffRate: (currency) => staff[currency], intradaySeed: null, replay: true });
    const day = 86_400_000;
    // Three file days, so real day n shows file day n mod 3: 05-07 (no rupee rate, nothing before it: no quote), 05-08, 05-09.
    const realDay = (remainder: number) => (Math.floor(Date.parse('2026-11-25T06:00:00Z') / day / 3) * 3 + remainder) * day + 6 * 3_600_000;
    expect(replay.pair('USD', 'INR', realDay(1))!.referenceDay).toBe('2025-05-08');
    const next = replay.pair('USD', 'INR', realDay(2))!;
    expect(next.referenceDay).toBe('2025-05-09');
    expect(next.dayChangeBasisPoints).toBe(-14);
    expect(replay.pair('USD', 'INR', realDay(3))).toBeNull();
    expect(replay.history('USD', 'INR', 30, realDay(1)).map((point) => point.day)).toEqual(['2025-05-08']);
    // The window is the file's last year of business days.
    expect(replayedDayIndex(1000, 0)).toBe(1000 - replayWindowDays);
    expect(replayedDayIndex(1000, (replayWindowDays - 1) * day)).toBe(999);
    expect(replayedDayIndex(1000, replayWindowDays * day)).toBe(1000 - replayWindowDays);
    expect(replayedDayIndex(3, 5 * day)).toBe(2);
    expect(replayedDayIndex(0, 0)).toBe(-1);
  });

  it('prices-TWD-and-VND-from-the-staff-setting-and-says-so', () => {
    const twd = book(7).pair('INR', 'TWD', may12)!;
    // ₹280.00 for 100 TWD: 0.357142857 TWD per rupee.
    expect(twd).toMatchObject({ source: 'staff_setting', referenceDay: null, dayChangeBasisPoints: null });
    expect(formatRate(twd.referenceScaled)).toBe('0.3571428571');
    expect(book(7).pair('VND', 'INR', may12)!.updatedAt).toBe('2026-11-20T10:00:00.000Z');
  });

  it('works-without-the-file-for-rupees-and-staff-rates-only', () => {
    const bare = createRateBook({ series: null, staffRate: (currency) => staff[currency], intradaySeed: 7 });
    expect(bare.pair('INR', 'KRW', may12)).toBeNull();
    expect(bare.pair('TWD', 'VND', may12)?.source).toBe('staff_setting');
  });

  it('has-no-rate-before-the-file-starts-or-between-the-same-currency', () => {
    expect(book(null).pair('INR', 'KRW', Date.parse('1998-01-01'))).toBeNull();
    expect(book(null).pair('INR', 'INR', may12)).toBeNull();
  });

  it('moves-the-demo-rate-within-the-bound-and-labels-it-simulated', () => {
    const pair = book(7).pair('INR', 'KRW', may12)!;
    expect(pair.source).toBe('simulated_intraday');
    const moveParts = Number(((pair.liveScaled - pair.referenceScaled) * 1_000_000n) / pair.referenceScaled);
    expect(Math.abs(moveParts)).toBeLessThanOrEqual(intradayPartsPerMillionMax);
    for (let minute = 0; minute < 24 * 60; minute += 7) {
      expect(Math.abs(intradayPartsPerMillion('KRW', may12 + minute * 60_000, 7))).toBeLessThanOrEqual(intradayPartsPerMillionMax);
    }
    expect(intradayPartsPerMillion('KRW', may12, 7)).toBe(intradayPartsPerMillion('KRW', may12, 7));
  });

  it('gives-the-daily-history-of-a-pair-oldest-first-skipping-days-without-a-rate', () => {
    const points = book(null).history('INR', 'KRW', 30, may12);
    expect(points.map((point) => point.day)).toEqual(['2025-05-08', '2025-05-09']);
    expect(book(null).history('INR', 'TWD', 30, may12)).toEqual([]);
  });
});

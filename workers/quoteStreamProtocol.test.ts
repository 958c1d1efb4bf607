// Proves the struct-of-arrays quote frame carries every field exactly and each code string only once.
import { describe, expect, it } from 'vitest';
import { CodeTable, decodeQuoteFrame, encodeQuoteFrame, quoteFrameStride } from './quoteStreamProtocol.ts';
import { streamQuote } from './testing/quoteFixtures.ts';

describe('quote frames', () => {
  it('round-trip: every numeric field survives, and each code string travels once', () => {
    const table = new CodeTable();
    const first = encodeQuoteFrame([streamQuote('INFY', 150_010, { volume: 7, turnover: 9_000_000_000_123, time: 1_736_140_000_123 }), streamQuote('TCS', 400_000)], table);
    const second = encodeQuoteFrame([streamQuote('TCS', 400_005), streamQuote('M&M', 300_000)], table);
    expect(first).toMatchObject({ firstNewCodeIndex: 0, newCodes: ['INFY', 'TCS'], count: 2 });
    expect(second).toMatchObject({ firstNewCodeIndex: 2, newCodes: ['M&M'], count: 2 });
    expect(first.fields).toHaveLength(2 * quoteFrameStride);

    const codes: string[] = [];
    const decoded: unknown[] = [];
    for (const frame of [first, second]) {
      decodeQuoteFrame(frame, codes, (code, fields, offset) => decoded.push([code, ...fields.slice(offset + 1, offset + quoteFrameStride)]));
    }
    expect(decoded).toEqual([
      streamQuote('INFY', 150_010, { volume: 7, turnover: 9_000_000_000_123, time: 1_736_140_000_123 }),
      streamQuote('TCS', 400_000),
      streamQuote('TCS', 400_005),
      streamQuote('M&M', 300_000),
    ]);
  });

  it('lost-frame: a receiver whose code table is out of step refuses to guess', () => {
    const table = new CodeTable();
    encodeQuoteFrame([streamQuote('INFY', 1)], table);
    const second = encodeQuoteFrame([streamQuote('TCS', 1)], table);
    expect(() => decodeQuoteFrame(second, [], () => {})).toThrow(/out of step/);
  });
});

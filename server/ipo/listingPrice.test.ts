// The listing day's opening price: the issue price, or a demo issue's price moved by its real
// listing gain, half up to the 5-paise tick and never below one tick; and the instrument it lists as.
import { describe, expect, it } from 'vitest';
import { instrumentOfIssue, openingPricePaise } from './listing.ts';

describe('listing-day opening price', () => {
  it('opens at the issue price unless the issue is a demo with a listing gain', () => {
    expect(openingPricePaise({ price_paise: 32_500n, demo: false, listing_gain_bps: null })).toBe(32_500n);
    expect(openingPricePaise({ price_paise: 32_500n, demo: true, listing_gain_bps: null })).toBe(32_500n);
  });

  it('moves a demo issue by its real gain or loss, on the tick', () => {
    // ₹325 × 1.5 = ₹487.50
    expect(openingPricePaise({ price_paise: 32_500n, demo: true, listing_gain_bps: 5_000 })).toBe(48_750n);
    // ₹72 × (1 − 0.1234) = ₹63.1152 → ₹63.10 (half up to 5 paise: 6311.52 paise is nearer 6310 than 6315)
    expect(openingPricePaise({ price_paise: 7_200n, demo: true, listing_gain_bps: -1_234 })).toBe(6_310n);
    // ₹10 × 1.0025 = ₹10.025 → ₹10.05 (exactly half a tick rounds up)
    expect(openingPricePaise({ price_paise: 1_000n, demo: true, listing_gain_bps: 25 })).toBe(1_005n);
    // A total loss still opens at one tick.
    expect(openingPricePaise({ price_paise: 10_000n, demo: true, listing_gain_bps: -10_000 })).toBe(5n);
  });

  it('lists as an NSE rupee equity in single shares under the issue code, name and ISIN', () => {
    expect(instrumentOfIssue({ code: 'NEWCO', issuer: 'New Company Limited', isin: 'INE123A01016' })).toMatchObject({
      code: 'NEWCO', name: 'New Company Limited', isin: 'INE123A01016', exchange: 'NSE', currency: 'INR', kind: 'equity', lot: 1, tickMinor: 5,
    });
  });
});

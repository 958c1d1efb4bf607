import { useLingui } from '@lingui/react/macro';
import type { FxRateSource } from '../../../contract/fx.ts';

// How rates are written on the exchange screens. A rate arrives as an exact decimal string
// with up to ten decimals; a phone shows six significant digits of it, cut (never rounded up,
// so the screen never promises more than the quote gives), and names where it comes from.

const significantDigitsShown = 6;

/** "16.3188471566" → "16.3188"; "0.0609734512" → "0.0609734"; "85385.26" → "85385.2" (cut, not rounded). */
export function shortRate(rate: string): string {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(rate);
  if (!match) return rate;
  const whole = match[1]!.replace(/^0+(?=\d)/, '');
  const fraction = match[2] ?? '';
  if (whole !== '0') {
    const decimals = Math.max(0, significantDigitsShown - whole.length);
    const kept = fraction.slice(0, decimals).replace(/0+$/, '');
    return kept ? `${whole}.${kept}` : whole;
  }
  const leadingZeros = /^0*/.exec(fraction)![0].length;
  const kept = fraction.slice(0, leadingZeros + significantDigitsShown).replace(/0+$/, '');
  return kept ? `0.${kept}` : '0';
}

/** The label of a rate's source, as the user reads it beside the rate. */
export function useSourceLabel(): (source: FxRateSource) => string {
  const { t } = useLingui();
  return (source) => {
    switch (source) {
      case 'ecb':
        return t`ECB reference`;
      case 'staff_setting':
        return t`Set by staff`;
      case 'simulated_intraday':
        return t`Simulated intraday`;
    }
  };
}

import { formatE4, parseE4, payoutFor, unitsFor } from '../../../contract/fundMath.ts';
import { type Paise, parseRupees } from '../../../contract/money.ts';
import { noValue } from '../../ui/format.ts';

// Figures of the strategy-fund screens that the shared formatters do not cover: units and NAVs
// with four decimals, a percentage string turned into basis points, and the previews of a
// subscription's units and a redemption's payout. The previews use contract/fundMath.ts, the
// arithmetic the server converts with, so what the sheet shows is what the ledger will move at
// the same NAV (the real NAV is the next one, which the sheets say).

const fourDecimals = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 4, maximumFractionDigits: 4 });
const fourDecimalPattern = /^-?\d{1,16}(\.\d{1,4})?$/;

/**
 * Units or a NAV from the wire ("123456.7890") with Indian grouping and four decimals, in every
 * language, like rupee amounts ("1,23,456.7890"); a dash for anything else. Intl formats the
 * decimal string digit for digit, so nothing passes through a float.
 */
export function formatFourDecimals(decimal: string | null | undefined): string {
  if (decimal == null) return noValue;
  const text = decimal.trim();
  if (!fourDecimalPattern.test(text)) return noValue;
  return fourDecimals.format(text as unknown as number);
}

/** A NAV per unit in rupees: "₹10.0000". */
export function formatNav(nav: string | null | undefined): string {
  const text = formatFourDecimals(nav);
  return text === noValue ? noValue : `₹${text}`;
}

/** "97.50" (a percentage with up to two decimals, as the server writes a response rate) as 9750 basis points; null otherwise. */
export function percentTextToBps(percent: string | null | undefined): number | null {
  const match = /^(\d{1,5})(?:\.(\d{1,2}))?$/.exec(percent?.trim() ?? '');
  if (!match) return null;
  return Number.parseInt(match[1]!, 10) * 100 + Number.parseInt((match[2] ?? '').padEnd(2, '0'), 10);
}

/** What the fund's last NAV is made of: its net assets in paise and its units in ten-thousandths. */
export type NavBasis = { net_assets: string; units_outstanding: string };

function basisOf(fund: NavBasis): { netAssetsPaise: bigint; unitsE4: bigint } | null {
  const netAssetsPaise = parseRupees(fund.net_assets);
  const unitsE4 = parseE4(fund.units_outstanding);
  return netAssetsPaise === null || unitsE4 === null ? null : { netAssetsPaise, unitsE4 };
}

/** The units `amountPaise` would buy at the fund's last NAV ("500.0000"); null when they cannot be priced. */
export function previewUnits(amountPaise: Paise | bigint | null, fund: NavBasis): string | null {
  const basis = basisOf(fund);
  if (amountPaise === null || amountPaise <= 0n || basis === null) return null;
  const units = unitsFor(amountPaise, basis.netAssetsPaise, basis.unitsE4);
  return units === null ? null : formatE4(units);
}

/** What redeeming `unitsE4` would pay at the fund's last NAV, in paise; null when it cannot be priced. */
export function previewPayout(unitsE4: bigint | null, fund: NavBasis): bigint | null {
  const basis = basisOf(fund);
  if (unitsE4 === null || unitsE4 <= 0n || basis === null || unitsE4 > basis.unitsE4) return null;
  return payoutFor(unitsE4, basis.netAssetsPaise, basis.unitsE4);
}

/** Units as the user types them: at most four decimals, above zero; the grouping commas of a copied figure are allowed. Null otherwise. */
export function parseUnitsInput(text: string): bigint | null {
  const units = parseE4(text.replace(/[,\s]/g, ''));
  return units === null || units <= 0n ? null : units;
}

// Corporate actions of NIFTY 50 companies between 2020-10-01 and 2025-09-30, the span of
// the real daily files. REFERENCE DATA written from memory of public announcements:
// verify every row against the exchange filings (NSE "Corporate actions") before relying
// on it, and prefer leaving a row out to guessing one.
//
// The daily files are adjusted for splits and bonuses (their volumes step with the
// share count; e.g. TATASTEEL trades ~100 M shares a day before its 2022 split) but not for
// dividends (INFY opens ₹17 lower on the 2024-05-31 ex-date of a ₹28 dividend) nor for
// demergers (RELIANCE drops on 2023-07-20 for Jio Financial, ITC on 2025-01-06 for ITC
// Hotels). Demergers are not listed here: their price factor is a fact the exchange
// publishes per case, not something this table could derive.

export type CorporateActionKind = 'split' | 'bonus' | 'dividend';

export interface CorporateAction {
  code: string;
  /** First IST trading day on which the share trades without the benefit, YYYY-MM-DD. */
  exDate: string;
  kind: CorporateActionKind;
  /**
   * split: old shares → new shares (1:10 is `{ from: 1, to: 10 }`, face value ₹10 → ₹1);
   * bonus: new shares given for shares held (1:1 is `{ from: 1, to: 1 }`, 4:1 is `{ from: 1, to: 4 }`).
   */
  ratio?: { from: number; to: number };
  /** dividend: amount per share as traded on the ex-date, minor units (paise). */
  amountMinor?: number;
  /** Where the row comes from and what to check. */
  comment: string;
}

const verify = 'Reference data: verify against the NSE corporate-action filing.';

export const corporateActions: readonly CorporateAction[] = [
  // Splits and bonuses: the daily files already carry these.
  { code: 'BAJAJFINSV', exDate: '2022-09-13', kind: 'split', ratio: { from: 1, to: 5 }, comment: `Face value ₹5 → ₹1, record date 2022-09-14 (T+2 then). ${verify}` },
  { code: 'BAJAJFINSV', exDate: '2022-09-13', kind: 'bonus', ratio: { from: 1, to: 1 }, comment: `1:1 bonus with the split, same record date. ${verify}` },
  { code: 'TATASTEEL', exDate: '2022-07-28', kind: 'split', ratio: { from: 1, to: 10 }, comment: `Face value ₹10 → ₹1, record date 2022-07-29 (T+2 then). ${verify}` },
  { code: 'NESTLEIND', exDate: '2024-01-05', kind: 'split', ratio: { from: 1, to: 10 }, comment: `Face value ₹10 → ₹1, record date 2024-01-05. ${verify}` },
  { code: 'NESTLEIND', exDate: '2025-08-08', kind: 'bonus', ratio: { from: 1, to: 1 }, comment: `1:1 bonus, record date 2025-08-08. ${verify}` },
  { code: 'RELIANCE', exDate: '2024-10-28', kind: 'bonus', ratio: { from: 1, to: 1 }, comment: `1:1 bonus, record date 2024-10-28. ${verify}` },
  { code: 'DRREDDY', exDate: '2024-10-28', kind: 'split', ratio: { from: 1, to: 5 }, comment: `Face value ₹5 → ₹1, record date 2024-10-28 (new ISIN). ${verify}` },
  { code: 'WIPRO', exDate: '2024-12-03', kind: 'bonus', ratio: { from: 1, to: 1 }, comment: `1:1 bonus, record date 2024-12-03. ${verify}` },
  { code: 'SHRIRAMFIN', exDate: '2025-01-10', kind: 'split', ratio: { from: 1, to: 5 }, comment: `Face value ₹10 → ₹2, record date 2025-01-10 (new ISIN). ${verify}` },
  { code: 'BAJFINANCE', exDate: '2025-06-16', kind: 'split', ratio: { from: 1, to: 2 }, comment: `Face value ₹2 → ₹1, record date 2025-06-16. ${verify}` },
  { code: 'BAJFINANCE', exDate: '2025-06-16', kind: 'bonus', ratio: { from: 1, to: 4 }, comment: `4:1 bonus with the split (10 shares per old share in all). ${verify}` },
  {
    code: 'HDFCBANK', exDate: '2025-08-26', kind: 'bonus', ratio: { from: 1, to: 1 },
    comment: `1:1 bonus, record date 2025-08-27, an exchange holiday, so the last cum-bonus session was 2025-08-25. ${verify}`,
  },
  // Large dividends: not in the daily files; they only shape backward-adjusted history.
  { code: 'INFY', exDate: '2024-05-31', kind: 'dividend', amountMinor: 2_800, comment: `Final ₹20 + special ₹8, record date 2024-05-31. ${verify}` },
  { code: 'TCS', exDate: '2025-01-17', kind: 'dividend', amountMinor: 7_600, comment: `Third interim ₹10 + special ₹66, record date 2025-01-17. ${verify}` },
  { code: 'RELIANCE', exDate: '2024-08-19', kind: 'dividend', amountMinor: 1_000, comment: `Final ₹10 for FY2023-24 (pre-bonus shares), record date 2024-08-19. ${verify}` },
];

/** Price factor of one share-basis action: pre-ex prices times this are on the post-ex basis. */
export function shareBasisFactor(action: CorporateAction): number {
  if (!action.ratio || action.ratio.from <= 0 || action.ratio.to <= 0) throw new Error(`${action.code} ${action.exDate}: ${action.kind} needs a positive ratio`);
  const { from, to } = action.ratio;
  // A split turns `from` shares into `to`; a bonus adds `to` shares to every `from` held.
  return action.kind === 'split' ? from / to : from / (from + to);
}

/** The actions of one code, ex-date order. */
export function actionsFor(code: string, table: readonly CorporateAction[] = corporateActions): CorporateAction[] {
  return table.filter((action) => action.code === code).sort((a, b) => (a.exDate < b.exDate ? -1 : a.exDate > b.exDate ? 1 : 0));
}

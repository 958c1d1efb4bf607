import type { InstrumentSpec } from '../model.ts';

// The indices the market shows, every one computed by Ledgerline from its constituents'
// live prices (the simulator's indexLevel: base × weighted mean of last / previous close),
// never the exchange's official values; the app says so next to every index.
// - NIFTY 50, SENSEX (the 30 largest NIFTY 50 members), NIFTY BANK (the NIFTY 50 banks)
//   and NIFTY 500 (its published members) carry the names of the lists they follow.
// - Sector indices ("Ledgerline IT (computed)", …) group the NIFTY 500 members of one NSE
//   industry; they follow no published index and are named as Ledgerline's own.
// Weights are the members' market capitalisation on 31 Dec 2023 (the embedded ranking); a
// member listed since has a negligible weight until a later ranking is embedded.
// Base levels (index points × 100) are round numbers near each list's 2025 range for the
// NSE/BSE names, and 10,000.00 for Ledgerline's sector indices: the shared data holds no
// official index level for 30 Sep 2025 (its minute index bars are from 2019).

interface Member {
  code: string;
  name: string;
  industry: string | null;
}

/** Ledgerline's sector indices: code, English name (instrument names are data, shown as sent) and the NSE industry they group. */
export const sectorIndices: readonly { code: string; name: string; industry: string }[] = [
  { code: 'LLIT', name: 'Ledgerline IT (computed)', industry: 'Information Technology' },
  { code: 'LLAUTO', name: 'Ledgerline Auto (computed)', industry: 'Automobile and Auto Components' },
  { code: 'LLHEALTH', name: 'Ledgerline Healthcare (computed)', industry: 'Healthcare' },
  { code: 'LLFMCG', name: 'Ledgerline FMCG (computed)', industry: 'Fast Moving Consumer Goods' },
  { code: 'LLMETAL', name: 'Ledgerline Metal (computed)', industry: 'Metals & Mining' },
  { code: 'LLFIN', name: 'Ledgerline Financial Services (computed)', industry: 'Financial Services' },
  { code: 'LLENERGY', name: 'Ledgerline Oil & Gas (computed)', industry: 'Oil Gas & Consumable Fuels' },
  { code: 'LLREALTY', name: 'Ledgerline Realty (computed)', industry: 'Realty' },
];

const sectorBaseLevel = 1_000_000;

export function defineIndices(lists: { nifty50: readonly Member[]; nifty500: readonly Member[]; marketCapRupees: ReadonlyMap<string, number> }) {
  const capOf = (code: string) => lists.marketCapRupees.get(code) ?? 0;
  const niftyCodes = lists.nifty50.map((member) => member.code);
  const byCap = [...niftyCodes].sort((a, b) => capOf(b) - capOf(a));
  const banks = lists.nifty50.filter((member) => /bank|state bank/i.test(member.name)).map((member) => member.code);
  const indexOf = (code: string, name: string, exchange: 'NSE' | 'BSE', members: readonly string[]): InstrumentSpec => {
    const total = members.reduce((sum, member) => sum + Math.max(capOf(member), 1), 0);
    return {
      code, name, isin: null, exchange, currency: 'INR', kind: 'index', industry: null, lot: 1, tickMinor: 1, bandPercent: null, shares: null, beta: 1,
      constituents: members.map((member) => ({ code: member, weight: Math.max(capOf(member), 1) / total })),
    };
  };
  const sectors = sectorIndices
    .map(({ code, name, industry }) => indexOf(code, name, 'NSE', lists.nifty500.filter((member) => member.industry === industry).map((member) => member.code)))
    .filter((index) => (index.constituents?.length ?? 0) > 0);
  const indices = [
    indexOf('NIFTY50', 'NIFTY 50', 'NSE', niftyCodes),
    indexOf('SENSEX', 'S&P BSE SENSEX', 'BSE', byCap.slice(0, 30)),
    indexOf('NIFTYBANK', 'NIFTY BANK', 'NSE', banks),
    indexOf('NIFTY500', 'NIFTY 500', 'NSE', lists.nifty500.map((member) => member.code)),
    ...sectors,
  ];
  const baseLevels = new Map<string, number>([
    ['NIFTY50', 2_500_000],
    ['SENSEX', 8_200_000],
    ['NIFTYBANK', 5_500_000],
    ['NIFTY500', 2_300_000],
    ...sectors.map((index): [string, number] => [index.code, sectorBaseLevel]),
  ]);
  return { indices, baseLevels };
}

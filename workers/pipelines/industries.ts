import { averageBasisPoints, industryGroupOf } from '../../contract/market.ts';
import type { IndustryAggregate } from '../quoteStreamProtocol.ts';
import type { QuoteBook } from './latestQuotes.ts';
import { changeBasisPoints, compareCodes, type InstrumentIndex, isListedStock } from './quoteMath.ts';

// Per-industry aggregates over the board, computed like the server's industryStatistics
// (mean of the members' change in basis points by the contract's one rounding rule;
// leader = best change; equities without an industry count under "Other").
// Sectors describe the Indian market: Korean and Thai listings stay out, which also keeps
// rupee turnover from being summed with won and baht.

type Group = { basisPointsSum: number; advancers: number; decliners: number; unchanged: number; turnover: number; leader: { code: string; basisPoints: number } | null; members: number };

export function computeIndustries(book: QuoteBook, instruments: InstrumentIndex): IndustryAggregate[] {
  const groups = new Map<string, Group>();
  for (const quote of book.values()) {
    const code = quote[0];
    const instrument = instruments.get(code);
    const industry = instrument ? industryGroupOf(instrument) : null;
    if (!instrument || !industry || instrument.currency !== 'INR' || !isListedStock(code, instruments)) continue;
    let group = groups.get(industry);
    if (!group) {
      group = { basisPointsSum: 0, advancers: 0, decliners: 0, unchanged: 0, turnover: 0, leader: null, members: 0 };
      groups.set(industry, group);
    }
    const basisPoints = changeBasisPoints(quote);
    group.members += 1;
    group.basisPointsSum += basisPoints;
    if (basisPoints > 0) group.advancers += 1;
    else if (basisPoints < 0) group.decliners += 1;
    else group.unchanged += 1;
    group.turnover += quote[7];
    const leader = group.leader;
    if (leader === null || basisPoints > leader.basisPoints || (basisPoints === leader.basisPoints && compareCodes(code, leader.code) < 0)) {
      group.leader = { code, basisPoints };
    }
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([industry, group]) => ({
      industry,
      changeRateBps: averageBasisPoints(group.basisPointsSum, group.members),
      advancers: group.advancers,
      decliners: group.decliners,
      unchanged: group.unchanged,
      turnover: group.turnover,
      leader: group.leader && { code: group.leader.code, changeRateBps: group.leader.basisPoints },
    }));
}

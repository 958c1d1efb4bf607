import type { UserInfo } from '../../../contract/accounts.ts';
import { type LedgerCurrency, formatMinorAmount, hundredthsOfLedgerAmount, ledgerAmountOfHundredths, parseMinorAmount } from '../../../contract/currencies.ts';
import { parseFixed } from '../../../contract/fixedPoint.ts';
import type { Holding } from '../../../contract/portfolio.ts';
import { pnlHundredths } from '../../../contract/valuation.ts';

// The portfolio between two answers of the server: user/info values the open positions at
// the last price it knew (each holding's `last`); as quotes arrive, each position's equity,
// market value, unrealised and day P&L move by (live last − that last) × quantity, signed by
// side. Integers of hundredths (the stream's price scale) throughout, per currency: won are
// never added to rupees here. Pure, so the arithmetic is tested to the paisa.

/** A live last price in hundredths (the stream's scale), or null when the stream has none yet. */
export type LiveLastOf = (code: string) => bigint | null;

/** Σ (live last − holding.last) × quantity × side, per currency, in hundredths; positions without a live price add nothing. */
export function liveDeltas(holdings: readonly Holding[], lastOf: LiveLastOf): Map<LedgerCurrency, bigint> {
  const deltas = new Map<LedgerCurrency, bigint>();
  for (const holding of holdings) {
    const live = lastOf(holding.code);
    const known = parseFixed(holding.last, 2);
    if (live === null || known === null) continue;
    // The change of the position's P&L from the server's price to the live one (contract/valuation.ts).
    deltas.set(holding.currency, (deltas.get(holding.currency) ?? 0n) + pnlHundredths(holding.side, known, live, BigInt(holding.quantity)));
  }
  return deltas;
}

/** A wire amount of `currency` moved by `deltaHundredths`, written back in the wire form; unchanged when malformed. */
export function moveAmount(text: string, currency: LedgerCurrency, deltaHundredths: bigint): string {
  if (deltaHundredths === 0n) return text;
  const minor = parseMinorAmount(text, currency);
  if (minor === null) return text;
  const moved = hundredthsOfLedgerAmount(minor, currency) + deltaHundredths;
  return formatMinorAmount(ledgerAmountOfHundredths(moved, currency), currency);
}

/**
 * user/info with its market figures moved to the live prices: rupee total assets, market
 * value, unrealised and day P&L, and each currency's market value and total assets. Cash,
 * available, frozen and invested do not depend on prices and stay as the server said.
 */
export function liveUserInfo(info: UserInfo, deltas: ReadonlyMap<LedgerCurrency, bigint>): UserInfo {
  if (deltas.size === 0) return info;
  const rupees = deltas.get('INR') ?? 0n;
  const move = (text: string) => moveAmount(text, 'INR', rupees);
  return {
    ...info,
    balances: {
      ...info.balances,
      total_assets: move(info.balances.total_assets),
      market_value: move(info.balances.market_value),
      unrealised_pnl: move(info.balances.unrealised_pnl),
      day_pnl: move(info.balances.day_pnl),
    },
    balances_by_currency: info.balances_by_currency.map((line) => {
      const delta = deltas.get(line.currency) ?? 0n;
      if (delta === 0n) return line;
      return { ...line, market_value: moveAmount(line.market_value, line.currency, delta), total_assets: moveAmount(line.total_assets, line.currency, delta) };
    }),
  };
}

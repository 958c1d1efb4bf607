import type { LedgerCurrency } from '../../contract/currencies.ts';
import type { Sql } from '../db/database.ts';
import { type LedgerAccountKind, openLedgerAccount } from './ledger.ts';

type HouseKind = Extract<LedgerAccountKind, `house_${string}`>;

/**
 * Which of the firm's accounts may go below zero: those that stand for money outside the
 * ledger's users (the settlement counterparty, the bank, the currency position, the lending
 * book, the promotion budget). Earned fees, taxes and interest only ever receive.
 */
const houseMayGoNegative: Record<HouseKind, boolean> = {
  house_fees: false,
  house_taxes: false,
  house_interest: false,
  house_settlement: true,
  house_bank: true,
  house_fx: true,
  house_lending: true,
  house_placement_escrow: false,
  house_ipo_escrow: false,
  house_fund_fees: false,
  // The promotion budget is money the firm spends from its own funds, outside the ledger's users, like the bank:
  // each rebate paid takes it further below zero, and its balance reads as the total spent.
  house_promotions: true,
};

/**
 * One of the firm's accounts in one currency, opened on first use. Rupee accounts keep the
 * codes they had before currencies (`house:fees`, `house:fees:2` for a writer lane); others
 * name theirs (`house:fx:KRW`, `house:fees:2:KRW`).
 */
export async function openHouseAccount(sql: Sql, kind: HouseKind, currency: LedgerCurrency, lane?: number): Promise<bigint> {
  const code = `house:${kind.slice('house_'.length)}${lane === undefined ? '' : `:${lane}`}${currency === 'INR' ? '' : `:${currency}`}`;
  return openLedgerAccount(sql, { code, kind, currency, allowNegative: houseMayGoNegative[kind] });
}

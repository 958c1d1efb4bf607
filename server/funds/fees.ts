import { apportion, dailyFee, daysInYearOf, rescaleCarry } from '../../contract/fundMath.ts';
import { dayNumberOfIsoDay, isoDayOfDayNumber } from '../../contract/calendarDays.ts';
import { ledgerMoneyParam } from '../../contract/statementReasons.ts';
import type { Sql } from '../db/database.ts';
import { openHouseAccount } from '../ledger/houseAccounts.ts';
import { transfer } from '../ledger/ledger.ts';
import type { FundRow } from './fundStore.ts';

// The management fee: basis points a year of the fund's assets, charged for every calendar day
// on that day's last gross assets (cash + positions before the fee), with the fraction of a
// paisa carried from day to day so a year's fees add up exactly (contract/fundMath.ts
// dailyFee). Each ended day is posted once, from the fund's cash to the firm's fee account,
// when the fund next publishes a NAV; the day's fee is split among the holders by their units
// (largest remainder) so each holding's record shows its share. A day the fund cannot pay yet
// (its cash is all invested) stays due and is deducted from the NAV until it is posted.

export interface DueFeeDay {
  day: string;
  grossAssetsPaise: bigint;
  feePaise: bigint;
  carry: bigint;
}

/** The ended IST days before `today` whose fee is not posted yet, oldest first, with their fees. */
export async function dueFeeDays(sql: Sql, fund: Pick<FundRow, 'id' | 'management_fee_bps'>, today: string): Promise<DueFeeDay[]> {
  const fundId = fund.id.toString();
  const [last] = await sql.query<{ day: string; carry: bigint }>(
    "SELECT to_char(day, 'YYYY-MM-DD') AS day, carry FROM fund_fee_days WHERE fund_id = $1 ORDER BY day DESC LIMIT 1",
    [fundId],
  );
  // Fees start on the first day the fund held money for anyone.
  const [first] = await sql.query<{ day: string | null }>(
    "SELECT to_char(min(day), 'YYYY-MM-DD') AS day FROM fund_nav_days WHERE fund_id = $1 AND units_e4 > 0",
    [fundId],
  );
  const startDay = last ? dayNumberOfIsoDay(last.day) + 1 : first?.day ? dayNumberOfIsoDay(first.day) : null;
  if (startDay === null) return [];
  const endDay = dayNumberOfIsoDay(today);
  if (startDay >= endDay) return [];
  const navDays = await sql.query<{ day: string; gross_assets_paise: bigint; units_e4: bigint }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, gross_assets_paise, units_e4 FROM fund_nav_days
      WHERE fund_id = $1 AND day < $2::date ORDER BY day`,
    [fundId, today],
  );
  let carry = last ? BigInt(last.carry) : 0n;
  let carryDays = last ? daysInYearOf(last.day) : daysInYearOf(isoDayOfDayNumber(startDay));
  const due: DueFeeDay[] = [];
  let navIndex = 0;
  let gross = 0n;
  for (let dayNumber = startDay; dayNumber < endDay; dayNumber++) {
    const day = isoDayOfDayNumber(dayNumber);
    // A day without a NAV of its own (a weekend, a holiday) is charged on the last one before it.
    while (navIndex < navDays.length && navDays[navIndex]!.day <= day) {
      const row = navDays[navIndex]!;
      gross = BigInt(row.units_e4) > 0n ? BigInt(row.gross_assets_paise) : 0n;
      navIndex += 1;
    }
    const days = daysInYearOf(day);
    const charged = dailyFee(gross, fund.management_fee_bps, days, rescaleCarry(carry, carryDays, days));
    due.push({ day, grossAssetsPaise: gross, feePaise: charged.feePaise, carry: charged.carry });
    carry = charged.carry;
    carryDays = days;
  }
  return due;
}

/**
 * Posts the due days the fund's available cash pays for, in order, each with its transfer and
 * the holders' shares; stops at the first it cannot pay. Returns what stays due (paise).
 */
export async function postFeeDays(tx: Sql, fund: FundRow, fundAvailableAccountId: bigint, due: readonly DueFeeDay[], availablePaise: bigint): Promise<{ postedPaise: bigint; stillDuePaise: bigint }> {
  let available = availablePaise;
  let postedPaise = 0n;
  for (const [index, day] of due.entries()) {
    if (day.feePaise > available) return { postedPaise, stillDuePaise: due.slice(index).reduce((sum, each) => sum + each.feePaise, 0n) };
    let transferId: bigint | null = null;
    if (day.feePaise > 0n) {
      const feeAccount = await openHouseAccount(tx, 'house_fund_fees', 'INR');
      ({ transferId } = await transfer(tx, {
        idempotencyKey: `fund:fee:${fund.id}:${day.day}`, kind: 'fund_management_fee', userId: fund.account_user_id,
        reasonKind: 'fund_management_fee', reasonParams: { fund_id: fund.id.toString(), fund_name: fund.name, date: day.day, amount: ledgerMoneyParam(day.feePaise, 'INR') },
        postings: [{ accountId: fundAvailableAccountId, currency: 'INR', amount: -day.feePaise }, { accountId: feeAccount, currency: 'INR', amount: day.feePaise }],
      }));
      await chargeHolders(tx, fund.id, day.feePaise);
    }
    await tx.query(
      'INSERT INTO fund_fee_days (fund_id, day, gross_assets_paise, fee_paise, carry, transfer_id) VALUES ($1, $2, $3, $4, $5, $6)',
      [fund.id.toString(), day.day, day.grossAssetsPaise.toString(), day.feePaise.toString(), day.carry.toString(), transferId?.toString() ?? null],
    );
    available -= day.feePaise;
    postedPaise += day.feePaise;
  }
  return { postedPaise, stillDuePaise: 0n };
}

/** Each holding's share of a fee, by the units it holds (those waiting to be redeemed included), largest remainder. */
export async function chargeHolders(tx: Sql, fundId: bigint, feePaise: bigint): Promise<void> {
  const holders = await tx.query<{ id: bigint; units: bigint }>(
    "SELECT id, units_e4 + units_redeeming_e4 AS units FROM fund_holdings WHERE fund_id = $1 AND state = 'holding' AND units_e4 + units_redeeming_e4 > 0 ORDER BY id",
    [fundId.toString()],
  );
  if (holders.length === 0) return;
  const shares = apportion(feePaise, holders.map((holder) => BigInt(holder.units)));
  await tx.query(
    `UPDATE fund_holdings h SET fees_paise = h.fees_paise + s.share
       FROM unnest($1::bigint[], $2::bigint[]) AS s (id, share) WHERE h.id = s.id AND s.share > 0`,
    [holders.map((holder) => holder.id.toString()), shares.map(String)],
  );
}

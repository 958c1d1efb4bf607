import { formatE4, navE4Of, payoutFor, unitsFor } from '../../contract/fundMath.ts';
import { istDay } from '../../contract/calendarDays.ts';
import { formatRupees } from '../../contract/money.ts';
import { ledgerMoneyParam } from '../../contract/statementReasons.ts';
import type { Database, Sql } from '../db/database.ts';
import { lockedBalances, transfer } from '../ledger/ledger.ts';
import { ledgerAccountsOf, userCurrencyKey, type UserLedgerAccounts, userLedgerAccounts } from '../ledger/userBalances.ts';
import { type Notification, notifyAll } from '../notifications/notifications.ts';
import type { Prices } from '../portfolio/prices.ts';
import { type FundBook, fundBookOf, type NetAssets, netAssetsOf } from './fundBook.ts';
import { fundById, type FundRow, type HoldingRow, holdingsOfFund, type RedemptionRow, redemptionFromRow } from './fundStore.ts';
import { dueFeeDays, postFeeDays } from './fees.ts';

// Publishing a NAV, and everything that happens at it, in ONE transaction per fund: the fee days
// that ended are posted, the net assets are read from the fund's ledger accounts and valued at
// the stream's prices, the NAV point is written, then the subscriptions waiting for it become
// units and the redemptions waiting for it are paid, in the order they arrived. Each conversion
// moves the running net assets and units, and every division rounds against the person who
// would gain from it (contract/fundMath.ts), so the NAV of those already in never falls by a
// conversion. A crash anywhere rolls all of it back; the next publish does it again.

export interface PublishContext {
  db: Database;
  prices: Prices;
  now: () => number;
}

export interface PublishOutcome {
  /** The NAV published, and at which the conversions were made. */
  net: NetAssets;
  /** Net assets after the conversions and payments: what the strategy manages now. */
  netAssetsAfterPaise: bigint;
  converted: number;
  released: number;
  redeemed: number;
  /** Redemptions the fund's cash could not pay yet: the strategy runner sells to raise it. */
  waitingRedemptions: number;
  /** Their estimated payout, plus fees still due, that the cash falls short of. */
  cashShortfallPaise: bigint;
}

/** Every account the publish may move money in, locked in one sorted statement first, as the order writer locks its batch. */
async function lockAccounts(tx: Sql, fundAccounts: UserLedgerAccounts, userIds: readonly bigint[]): Promise<Map<string, UserLedgerAccounts>> {
  const users = await ledgerAccountsOf(tx, [...new Set(userIds)].map((userId) => ({ userId, currency: 'INR' as const })));
  const ids = [fundAccounts.availableAccountId, fundAccounts.frozenAccountId, fundAccounts.marginAccountId];
  for (const accounts of users.values()) ids.push(accounts.availableAccountId, accounts.frozenAccountId);
  await lockedBalances(tx, ids);
  return users;
}

export async function publishNav(context: PublishContext, fundId: bigint): Promise<PublishOutcome | null> {
  const now = context.now();
  return context.db.transaction(async (tx) => {
    const fund = await fundById(tx, fundId, 'FOR UPDATE');
    if (!fund || fund.state === 'ended' || fund.state === 'withdrawn') return null;
    const subscriptions = await holdingsOfFund(tx, fund.id, ['pending'], 'FOR UPDATE');
    const redemptions = fund.state === 'active'
      ? (await tx.query<RedemptionRow>("SELECT * FROM fund_redemptions WHERE fund_id = $1 AND state = 'pending' ORDER BY id FOR UPDATE", [fund.id.toString()])).map(redemptionFromRow)
      : [];
    const fundAccounts = await userLedgerAccounts(tx, fund.account_user_id);
    const users = await lockAccounts(tx, fundAccounts, [...subscriptions.map((holding) => holding.user_id), ...redemptions.map((redemption) => redemption.user_id)]);
    // Read under the locks: the order writer cannot move the fund's money until this commits.
    const book0 = await fundBookOf(tx, fund.account_user_id);

    const due = await dueFeeDays(tx, fund, istDay(now));
    const fees = await postFeeDays(tx, fund, book0.accounts.availableAccountId, due, book0.availablePaise);
    const book = fees.postedPaise > 0n ? await fundBookOf(tx, fund.account_user_id) : book0;
    const priced = netAssetsOf(book, context.prices, fund.units_e4, fund.management_fee_bps, now);
    const net: NetAssets = { ...priced, accruedFeePaise: priced.accruedFeePaise + fees.stillDuePaise, netAssetsPaise: priced.netAssetsPaise - fees.stillDuePaise };
    net.navE4 = navE4Of(net.netAssetsPaise, fund.units_e4);

    const notifications: Notification[] = [];
    const running = { netAssetsPaise: net.netAssetsPaise, unitsE4: fund.units_e4, availablePaise: book.availablePaise };
    const takesSubscriptions = fund.state === 'active' && now < new Date(fund.ends_at).getTime();
    let converted = 0;
    let released = 0;
    for (const holding of subscriptions) {
      const units = takesSubscriptions ? unitsFor(holding.amount_paise, running.netAssetsPaise, running.unitsE4) : null;
      const accounts = users.get(userCurrencyKey(holding.user_id, 'INR'))!;
      if (units === null || units === 0n) {
        notifications.push(await releaseSubscription(tx, fund, holding, accounts, now));
        released += 1;
        continue;
      }
      const navE4 = navE4Of(running.netAssetsPaise, running.unitsE4);
      notifications.push(await convertSubscription(tx, fund, book, holding, accounts, units, navE4, now));
      running.netAssetsPaise += holding.amount_paise;
      running.unitsE4 += units;
      running.availablePaise += holding.amount_paise;
      converted += 1;
    }

    let redeemed = 0;
    let shortfall = fees.stillDuePaise;
    for (const [index, redemption] of redemptions.entries()) {
      const payout = payoutFor(redemption.units_e4, running.netAssetsPaise, running.unitsE4);
      if (payout > running.availablePaise) {
        for (const waiting of redemptions.slice(index)) shortfall += payoutFor(waiting.units_e4, running.netAssetsPaise, running.unitsE4);
        shortfall -= running.availablePaise;
        break;
      }
      const navE4 = navE4Of(running.netAssetsPaise, running.unitsE4);
      const accounts = users.get(userCurrencyKey(redemption.user_id, 'INR'))!;
      notifications.push(await payRedemption(tx, fund, book, redemption, accounts, payout, navE4, now));
      running.netAssetsPaise -= payout;
      running.unitsE4 -= redemption.units_e4;
      running.availablePaise -= payout;
      redeemed += 1;
    }
    await recordNavPoint(tx, fund, net, running.netAssetsPaise, now);
    if (running.unitsE4 !== fund.units_e4) await tx.query('UPDATE funds SET units_e4 = $2, updated_at = now() WHERE id = $1', [fund.id.toString(), running.unitsE4.toString()]);
    await notifyAll(tx, notifications);
    return { net, netAssetsAfterPaise: running.netAssetsPaise, converted, released, redeemed, waitingRedemptions: redemptions.length - redeemed, cashShortfallPaise: shortfall > 0n ? shortfall : 0n };
  });
}

/** The NAV as priced (before its conversions and payouts, at the units before them), and the net assets after them. */
async function recordNavPoint(tx: Sql, fund: FundRow, net: NetAssets, netAssetsAfterPaise: bigint, now: number): Promise<void> {
  const at = new Date(now);
  await tx.query(
    `INSERT INTO fund_nav_points (fund_id, at, cash_paise, positions_paise, accrued_fee_paise, net_assets_paise, units_e4, nav_e4, net_assets_after_paise)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      fund.id.toString(), at, net.cashPaise.toString(), net.positionsPaise.toString(), net.accruedFeePaise.toString(), net.netAssetsPaise.toString(),
      fund.units_e4.toString(), net.navE4.toString(), netAssetsAfterPaise.toString(),
    ],
  );
  await tx.query(
    `INSERT INTO fund_nav_days (fund_id, day, at, gross_assets_paise, net_assets_paise, units_e4, nav_e4) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (fund_id, day) DO UPDATE SET at = EXCLUDED.at, gross_assets_paise = EXCLUDED.gross_assets_paise,
       net_assets_paise = EXCLUDED.net_assets_paise, units_e4 = EXCLUDED.units_e4, nav_e4 = EXCLUDED.nav_e4`,
    [fund.id.toString(), istDay(now), at, (net.cashPaise + net.positionsPaise).toString(), net.netAssetsPaise.toString(), fund.units_e4.toString(), net.navE4.toString()],
  );
}

/** The subscriber's held money back to available: the fund stopped taking money before this subscription's NAV. */
export async function releaseSubscription(tx: Sql, fund: FundRow, holding: HoldingRow, accounts: UserLedgerAccounts, now: number): Promise<Notification> {
  const { transferId } = await transfer(tx, {
    idempotencyKey: `fund:release:${holding.id}`, kind: 'fund_subscription_release', userId: holding.user_id,
    reasonKind: 'fund_subscription_released',
    reasonParams: { fund_id: fund.id.toString(), holding_id: holding.id.toString(), fund_name: fund.name, amount: ledgerMoneyParam(holding.amount_paise, 'INR') },
    postings: [{ accountId: accounts.frozenAccountId, currency: 'INR', amount: -holding.amount_paise }, { accountId: accounts.availableAccountId, currency: 'INR', amount: holding.amount_paise }],
  });
  await tx.query("UPDATE fund_holdings SET state = 'released', settle_transfer_id = $2, ended_at = $3 WHERE id = $1", [holding.id.toString(), transferId.toString(), new Date(now)]);
  return { userId: holding.user_id, kind: 'fund_subscription_released', params: { fund_id: fund.id.toString(), fund_name: fund.name, holding_id: holding.id.toString(), amount: formatRupees(holding.amount_paise) } };
}

async function convertSubscription(
  tx: Sql, fund: FundRow, book: FundBook, holding: HoldingRow, accounts: UserLedgerAccounts, unitsE4: bigint, navE4: bigint, now: number,
): Promise<Notification> {
  const units = formatE4(unitsE4);
  const nav = formatE4(navE4);
  const { transferId } = await transfer(tx, {
    idempotencyKey: `fund:convert:${holding.id}`, kind: 'fund_subscription_convert', userId: holding.user_id,
    reasonKind: 'fund_units_bought',
    reasonParams: { fund_id: fund.id.toString(), holding_id: holding.id.toString(), fund_name: fund.name, units, nav, amount: ledgerMoneyParam(holding.amount_paise, 'INR') },
    postings: [{ accountId: accounts.frozenAccountId, currency: 'INR', amount: -holding.amount_paise }, { accountId: book.accounts.availableAccountId, currency: 'INR', amount: holding.amount_paise }],
  });
  await tx.query(
    "UPDATE fund_holdings SET state = 'holding', settle_transfer_id = $2, nav_in_e4 = $3, units_bought_e4 = $4, units_e4 = $4, converted_at = $5 WHERE id = $1",
    [holding.id.toString(), transferId.toString(), navE4.toString(), unitsE4.toString(), new Date(now)],
  );
  return { userId: holding.user_id, kind: 'fund_units_bought', params: { fund_id: fund.id.toString(), fund_name: fund.name, holding_id: holding.id.toString(), units, nav, amount: formatRupees(holding.amount_paise) } };
}

/** The part of a holding's cost that `unitsE4` of its units carry; the last units carry all that is left, so the costs add up. */
export function costOfUnits(holding: Pick<HoldingRow, 'amount_paise' | 'units_bought_e4' | 'redeemed_cost_paise' | 'units_redeemed_e4'>, unitsE4: bigint): bigint {
  if (holding.units_redeemed_e4 + unitsE4 >= holding.units_bought_e4) return holding.amount_paise - holding.redeemed_cost_paise;
  return (holding.amount_paise * unitsE4) / holding.units_bought_e4;
}

async function payRedemption(
  tx: Sql, fund: FundRow, book: FundBook, redemption: RedemptionRow, accounts: UserLedgerAccounts, payoutPaise: bigint, navE4: bigint, now: number,
): Promise<Notification> {
  const units = formatE4(redemption.units_e4);
  const nav = formatE4(navE4);
  let transferId: bigint | null = null;
  if (payoutPaise > 0n) {
    ({ transferId } = await transfer(tx, {
      idempotencyKey: `fund:payout:${redemption.id}`, kind: 'fund_redemption_payout', userId: redemption.user_id,
      reasonKind: 'fund_units_redeemed',
      reasonParams: {
        fund_id: fund.id.toString(), holding_id: redemption.holding_id.toString(), redemption_id: redemption.id.toString(), fund_name: fund.name,
        units, nav, amount: ledgerMoneyParam(payoutPaise, 'INR'),
      },
      postings: [{ accountId: book.accounts.availableAccountId, currency: 'INR', amount: -payoutPaise }, { accountId: accounts.availableAccountId, currency: 'INR', amount: payoutPaise }],
    }));
  }
  await tx.query("UPDATE fund_redemptions SET state = 'paid', nav_e4 = $2, amount_paise = $3, payout_transfer_id = $4, paid_at = $5 WHERE id = $1", [
    redemption.id.toString(), navE4.toString(), payoutPaise.toString(), transferId?.toString() ?? null, new Date(now),
  ]);
  const [holding] = await tx.query<HoldingRow>('SELECT * FROM fund_holdings WHERE id = $1 FOR UPDATE', [redemption.holding_id.toString()]);
  const cost = costOfUnits({
    amount_paise: BigInt(holding!.amount_paise), units_bought_e4: BigInt(holding!.units_bought_e4),
    redeemed_cost_paise: BigInt(holding!.redeemed_cost_paise), units_redeemed_e4: BigInt(holding!.units_redeemed_e4),
  }, redemption.units_e4);
  await tx.query(
    `UPDATE fund_holdings SET units_redeeming_e4 = units_redeeming_e4 - $2, units_redeemed_e4 = units_redeemed_e4 + $2,
            redeemed_paise = redeemed_paise + $3, redeemed_cost_paise = redeemed_cost_paise + $4,
            state = CASE WHEN units_e4 = 0 AND units_redeeming_e4 - $2 = 0 THEN 'ended' ELSE state END,
            ended_at = CASE WHEN units_e4 = 0 AND units_redeeming_e4 - $2 = 0 THEN $5::timestamptz ELSE ended_at END
      WHERE id = $1`,
    [redemption.holding_id.toString(), redemption.units_e4.toString(), payoutPaise.toString(), cost.toString(), new Date(now)],
  );
  return {
    userId: redemption.user_id, kind: 'fund_units_redeemed',
    params: { fund_id: fund.id.toString(), fund_name: fund.name, holding_id: redemption.holding_id.toString(), units, nav, amount: formatRupees(payoutPaise) },
  };
}

import { accruedFeeSoFar, apportion, daysInYearOf, formatE4, navE4Of } from '../../contract/fundMath.ts';
import { dayMs, istDay, istDayStart } from '../../contract/calendarDays.ts';
import { formatRupees } from '../../contract/money.ts';
import { ledgerMoneyParam } from '../../contract/statementReasons.ts';
import type { Sql } from '../db/database.ts';
import { openHouseAccount } from '../ledger/houseAccounts.ts';
import { appendTransfers, lockedBalances, transfer, type TransferCommand } from '../ledger/ledger.ts';
import { ledgerAccountsOf, userCurrencyKey, userLedgerAccounts } from '../ledger/userBalances.ts';
import { type Notification, notifyAll } from '../notifications/notifications.ts';
import { allocateIds } from '../trading/writer/batchWrite.ts';
import { fundBookOf } from './fundBook.ts';
import { fundById, type FundRow, holdingsOfFund, redemptionFromRow, type RedemptionRow } from './fundStore.ts';
import { dueFeeDays, postFeeDays } from './fees.ts';
import { type PublishContext, releaseSubscription } from './navPublish.ts';

// A fund's end. At its end time (or earlier, when staff end it with a reason) the fund stops
// taking subscriptions, releases those still waiting, and its strategy stops; the runner then
// cancels its pending orders and sells every position through the order path. Once it holds
// nothing but cash, ONE transaction posts the fees due to the last instant, splits the cash
// among every unit still held or waiting to be redeemed by the largest-remainder rule (the
// shares add up to the cash exactly), pays each holding with one transfer, and closes the fund
// with nothing left in its accounts. Set-based, so ten thousand holders are one statement each.

/** active → ending: subscriptions waiting for a NAV get their money back. Idempotent. */
export async function beginEnding(tx: Sql, fundId: bigint, now: number, earlyReason: string | null): Promise<FundRow | null> {
  const fund = await fundById(tx, fundId, 'FOR UPDATE');
  if (!fund || fund.state !== 'active') return fund;
  await tx.query("UPDATE funds SET state = 'ending', ending_at = $2, ended_early_reason = $3, updated_at = now() WHERE id = $1", [fund.id.toString(), new Date(now), earlyReason]);
  const waiting = await holdingsOfFund(tx, fund.id, ['pending'], 'FOR UPDATE');
  const accounts = await ledgerAccountsOf(tx, waiting.map((holding) => ({ userId: holding.user_id, currency: 'INR' as const })));
  const notifications: Notification[] = [];
  for (const holding of waiting) notifications.push(await releaseSubscription(tx, fund, holding, accounts.get(userCurrencyKey(holding.user_id, 'INR'))!, now));
  await notifyAll(tx, notifications);
  return fundById(tx, fund.id);
}

export interface FinalPayout {
  navE4: bigint;
  paidPaise: bigint;
  holders: number;
}

/**
 * The fee of the last day, from its start to the instant the fund ends (its fraction of a paisa goes with it). The
 * holders' shares of it are recorded with their payouts (settleHoldings), in the same statement.
 */
async function postLastDayFee(tx: Sql, fund: FundRow, availableAccountId: bigint, grossPaise: bigint, now: number): Promise<bigint> {
  const today = istDay(now);
  const [last] = await tx.query<{ day: string }>("SELECT to_char(day, 'YYYY-MM-DD') AS day FROM fund_fee_days WHERE fund_id = $1 ORDER BY day DESC LIMIT 1", [fund.id.toString()]);
  if (last?.day === today) return 0n;
  const fee = accruedFeeSoFar(grossPaise, fund.management_fee_bps, daysInYearOf(today), now - istDayStart(now), dayMs);
  let transferId: bigint | null = null;
  if (fee > 0n) {
    const feeAccount = await openHouseAccount(tx, 'house_fund_fees', 'INR');
    ({ transferId } = await transfer(tx, {
      idempotencyKey: `fund:fee:${fund.id}:${today}`, kind: 'fund_management_fee', userId: fund.account_user_id,
      reasonKind: 'fund_management_fee', reasonParams: { fund_id: fund.id.toString(), fund_name: fund.name, date: today, amount: ledgerMoneyParam(fee, 'INR') },
      postings: [{ accountId: availableAccountId, currency: 'INR', amount: -fee }, { accountId: feeAccount, currency: 'INR', amount: fee }],
    }));
  }
  await tx.query('INSERT INTO fund_fee_days (fund_id, day, gross_assets_paise, fee_paise, carry, transfer_id) VALUES ($1, $2, $3, $4, 0, $5)', [
    fund.id.toString(), today, grossPaise.toString(), fee.toString(), transferId?.toString() ?? null,
  ]);
  return fee;
}

/**
 * ending → ended, once the fund holds no position and no pending order: fees to the last
 * instant, then every remaining unit paid out. Returns null (and changes nothing) while
 * positions or orders remain.
 */
export async function payOut(context: PublishContext, fundId: bigint): Promise<FinalPayout | null> {
  const now = context.now();
  return context.db.transaction(async (tx) => {
    const fund = await fundById(tx, fundId, 'FOR UPDATE');
    if (!fund || fund.state !== 'ending') return null;
    const holdings = await holdingsOfFund(tx, fund.id, ['holding'], 'FOR UPDATE');
    const redemptions = (await tx.query<RedemptionRow>("SELECT * FROM fund_redemptions WHERE fund_id = $1 AND state = 'pending' ORDER BY id FOR UPDATE", [fund.id.toString()])).map(redemptionFromRow);
    const holderAccounts = await ledgerAccountsOf(tx, holdings.map((holding) => ({ userId: holding.user_id, currency: 'INR' as const })));
    const fundAccounts = await userLedgerAccounts(tx, fund.account_user_id);
    const lockIds = [fundAccounts.availableAccountId, fundAccounts.frozenAccountId, fundAccounts.marginAccountId, ...[...holderAccounts.values()].map((accounts) => accounts.availableAccountId)];
    const locked = await lockedBalances(tx, lockIds);
    const book = await fundBookOf(tx, fund.account_user_id);
    if (book.positions.length > 0 || book.pendingOrders.length > 0) return null;
    if (book.frozenPaise !== 0n || locked.get(fundAccounts.marginAccountId)!.balance !== 0n) throw new Error(`funds: fund ${fund.id} holds no position but has money held or in margin`);

    let available = book.availablePaise;
    const fees = await postFeeDays(tx, fund, fundAccounts.availableAccountId, await dueFeeDays(tx, fund, istDay(now)), available);
    available -= fees.postedPaise;
    const lastDayFee = await postLastDayFee(tx, fund, fundAccounts.availableAccountId, available, now);
    available -= lastDayFee;
    const feeShares = apportion(lastDayFee, holdings.map((holding) => holding.units_e4 + holding.units_redeeming_e4));

    // One claim per pending redemption (its units) and one per holding's units still held.
    type Claim = { holdingId: bigint; userId: bigint; unitsE4: bigint; redemption: RedemptionRow | null };
    const claims: Claim[] = [];
    for (const redemption of redemptions) claims.push({ holdingId: redemption.holding_id, userId: redemption.user_id, unitsE4: redemption.units_e4, redemption });
    for (const holding of holdings) if (holding.units_e4 > 0n) claims.push({ holdingId: holding.id, userId: holding.user_id, unitsE4: holding.units_e4, redemption: null });
    const totalUnits = claims.reduce((sum, claim) => sum + claim.unitsE4, 0n);
    if (totalUnits !== fund.units_e4) throw new Error(`funds: fund ${fund.id} has ${fund.units_e4} units but its holdings ${totalUnits}`);
    const navE4 = navE4Of(available, totalUnits);
    const shares = apportion(available, claims.map((claim) => claim.unitsE4));

    // Final redemption rows for the units still held; pending redemptions are paid as they are.
    const finals = claims.filter((claim) => claim.redemption === null);
    const finalIds = finals.length === 0 ? [] : (await tx.query<{ id: bigint }>(
      `INSERT INTO fund_redemptions (holding_id, fund_id, user_id, kind, idempotency_key, units_e4, state, nav_e4, amount_paise, created_at, paid_at)
       SELECT h, $1, u, 'final', 'fund-final:' || h, units, 'paid', $2, 0, $3, $3 FROM unnest($4::bigint[], $5::bigint[], $6::bigint[]) AS c (h, u, units)
       RETURNING id`,
      [fund.id.toString(), navE4.toString(), new Date(now), finals.map((claim) => claim.holdingId.toString()), finals.map((claim) => claim.userId.toString()), finals.map((claim) => claim.unitsE4.toString())],
    )).map((row) => BigInt(row.id));
    const redemptionIds = claims.map((claim) => (claim.redemption ? claim.redemption.id : finalIds[finals.indexOf(claim)]!));

    const { transferIds: newIds } = await allocateIds(tx, 0, shares.filter((share) => share > 0n).length);
    const transfers: (TransferCommand & { id: bigint })[] = [];
    const transferIds: (bigint | null)[] = [];
    const notifications: Notification[] = [];
    let next = 0;
    for (const [index, claim] of claims.entries()) {
      const amount = shares[index]!;
      const redemptionId = redemptionIds[index]!;
      const units = formatE4(claim.unitsE4);
      const nav = formatE4(navE4);
      notifications.push({ userId: claim.userId, kind: 'fund_ended_paid_out', params: { fund_id: fund.id.toString(), fund_name: fund.name, holding_id: claim.holdingId.toString(), units, nav, amount: formatRupees(amount) } });
      if (amount === 0n) {
        transferIds.push(null);
        continue;
      }
      const id = newIds[next]!;
      next += 1;
      transferIds.push(id);
      transfers.push({
        id, idempotencyKey: `fund:payout:${redemptionId}`, kind: 'fund_redemption_payout', userId: claim.userId,
        reasonKind: claim.redemption ? 'fund_units_redeemed' : 'fund_final_payout',
        reasonParams: { fund_id: fund.id.toString(), holding_id: claim.holdingId.toString(), redemption_id: redemptionId.toString(), fund_name: fund.name, units, nav, amount: ledgerMoneyParam(amount, 'INR') },
        postings: [
          { accountId: fundAccounts.availableAccountId, currency: 'INR', amount: -amount },
          { accountId: holderAccounts.get(userCurrencyKey(claim.userId, 'INR'))!.availableAccountId, currency: 'INR', amount },
        ],
      });
    }
    // The fund's cash was locked and read above and the shares add up to it: nothing here can overdraw it.
    await appendTransfers(tx, transfers);
    await tx.query(
      `UPDATE fund_redemptions r SET state = 'paid', nav_e4 = $1, amount_paise = c.amount, payout_transfer_id = c.transfer_id, paid_at = $2
         FROM unnest($3::bigint[], $4::bigint[], $5::bigint[]) AS c (id, amount, transfer_id) WHERE r.id = c.id`,
      [navE4.toString(), new Date(now), redemptionIds.map(String), shares.map(String), transferIds.map((id) => id?.toString() ?? null)],
    );
    await settleHoldings(tx, fund.id, claims.map((claim) => claim.holdingId), shares, new Map(holdings.map((holding, index) => [holding.id, feeShares[index]!])), now);
    await tx.query("UPDATE funds SET state = 'ended', ended_at = $2, units_e4 = 0, updated_at = now() WHERE id = $1", [fund.id.toString(), new Date(now)]);
    await notifyAll(tx, notifications);
    const after = await lockedBalances(tx, [fundAccounts.availableAccountId]);
    if (after.get(fundAccounts.availableAccountId)!.balance !== 0n) throw new Error(`funds: fund ${fund.id} ended with money left`);
    return { navE4, paidPaise: available, holders: new Set(claims.map((claim) => claim.holdingId)).size };
  });
}

/** Every holding's units paid out: what they paid, their share of the last day's fee and their whole remaining cost recorded, the holding ended. */
async function settleHoldings(
  tx: Sql, fundId: bigint, holdingIds: readonly bigint[], amounts: readonly bigint[], feeShares: ReadonlyMap<bigint, bigint>, now: number,
): Promise<void> {
  // A holding may have several claims (pending redemptions and its final units): its fee share goes with the first.
  const charged = new Set<bigint>();
  const fees = holdingIds.map((id) => {
    if (charged.has(id)) return 0n;
    charged.add(id);
    return feeShares.get(id) ?? 0n;
  });
  await tx.query(
    `UPDATE fund_holdings h SET units_redeemed_e4 = h.units_bought_e4, units_e4 = 0, units_redeeming_e4 = 0,
            redeemed_paise = h.redeemed_paise + c.amount, redeemed_cost_paise = h.amount_paise, fees_paise = h.fees_paise + c.fee,
            state = 'ended', ended_at = $2
       FROM (SELECT id, sum(amount) AS amount, sum(fee) AS fee FROM unnest($3::bigint[], $4::bigint[], $5::bigint[]) AS c (id, amount, fee) GROUP BY id) AS c
      WHERE h.id = c.id AND h.fund_id = $1`,
    [fundId.toString(), new Date(now), holdingIds.map(String), amounts.map(String), fees.map(String)],
  );
}

import { randomBytes } from 'node:crypto';
import { accruedFeeSoFar, daysInYearOf, navE4Of } from '../../contract/fundMath.ts';
import { dayMs, istDay, istDayStart } from '../../contract/calendarDays.ts';
import { type PositionTerms, valuePosition } from '../../contract/valuation.ts';
import type { Sql } from '../db/database.ts';
import { balancesOf } from '../ledger/ledger.ts';
import { openUserLedgerAccounts, type UserLedgerAccounts, userLedgerAccounts } from '../ledger/userBalances.ts';
import type { Prices } from '../portfolio/prices.ts';

// A fund's own trading account and what it holds. The fund trades as an account of its own
// (users.kind = 'fund'): it never signs in, and its orders, balances and statement are that
// account's, so the order writer, the execution books and the ledger treat its trades exactly as
// a user's. Its net assets are read here from the ledger (cash: available + held for pending
// orders) and its open positions valued at the stream's prices, less the fee accrued today.

export interface FundPosition extends PositionTerms {
  orderId: bigint;
  code: string;
}

export interface FundBook {
  accounts: UserLedgerAccounts;
  availablePaise: bigint;
  frozenPaise: bigint;
  positions: FundPosition[];
  /** Pending orders (limits waiting on the stream). */
  pendingOrders: { orderId: bigint; code: string; createdAt: number }[];
}

/** Opens the trading account of a new fund: a `users` row of kind 'fund' and its rupee ledger accounts. */
export async function openFundAccount(tx: Sql): Promise<bigint> {
  const [{ id } = { id: 0n }] = await tx.query<{ id: bigint }>("SELECT nextval('users_id_seq') AS id");
  // No password opens it: the hash is of nothing anyone knows, and sign-in takes only mobile numbers.
  await tx.query("INSERT INTO users (id, kind, account, password_hash) VALUES ($1, 'fund', $2, $3)", [id.toString(), `fund-${id}`, `!fund:${randomBytes(16).toString('hex')}`]);
  await openUserLedgerAccounts(tx, BigInt(id));
  return BigInt(id);
}

export async function fundBookOf(sql: Sql, accountUserId: bigint): Promise<FundBook> {
  const accounts = await userLedgerAccounts(sql, accountUserId);
  const balances = await balancesOf(sql, [accounts.availableAccountId, accounts.frozenAccountId]);
  const rows = await sql.query<{ id: bigint; code: string; side: 'long' | 'short'; status: string; quantity: bigint; fill_price_paise: bigint | null; margin_paise: bigint | null; filled_at: Date | null; created_at: Date }>(
    "SELECT id, code, side, status, quantity, fill_price_paise, margin_paise, filled_at, created_at FROM orders WHERE user_id = $1 AND status IN ('pending', 'holding') ORDER BY id",
    [accountUserId.toString()],
  );
  const positions: FundPosition[] = [];
  const pendingOrders: FundBook['pendingOrders'] = [];
  for (const row of rows) {
    if (row.status === 'pending') {
      pendingOrders.push({ orderId: BigInt(row.id), code: row.code, createdAt: new Date(row.created_at).getTime() });
      continue;
    }
    positions.push({
      orderId: BigInt(row.id), code: row.code, side: row.side, currency: 'INR', quantity: BigInt(row.quantity),
      fill: BigInt(row.fill_price_paise!), margin: BigInt(row.margin_paise!), filledAt: new Date(row.filled_at!).getTime(),
    });
  }
  return {
    accounts,
    availablePaise: balances.get(accounts.availableAccountId) ?? 0n,
    frozenPaise: balances.get(accounts.frozenAccountId) ?? 0n,
    positions,
    pendingOrders,
  };
}

export interface NetAssets {
  cashPaise: bigint;
  /** What the open positions are worth at the prices given (their margin plus unrealised P&L). */
  positionsPaise: bigint;
  accruedFeePaise: bigint;
  netAssetsPaise: bigint;
  navE4: bigint;
}

/**
 * Net assets = cash + positions − the management fee accrued since the last posted day, and the
 * NAV per unit. Pure: the caller brings the book, the prices and the instant.
 */
export function netAssetsOf(book: Pick<FundBook, 'availablePaise' | 'frozenPaise' | 'positions'>, prices: Prices, unitsE4: bigint, feeBps: number, now: number): NetAssets {
  const dayStart = istDayStart(now);
  let positionsPaise = 0n;
  for (const position of book.positions) positionsPaise += valuePosition(position, prices.mark(position.code), dayStart).equity;
  const cashPaise = book.availablePaise + book.frozenPaise;
  const accruedFeePaise = accruedFeeSoFar(cashPaise + positionsPaise, feeBps, daysInYearOf(istDay(now)), now - dayStart, dayMs);
  const netAssetsPaise = cashPaise + positionsPaise - accruedFeePaise;
  return { cashPaise, positionsPaise, accruedFeePaise, netAssetsPaise, navE4: navE4Of(netAssetsPaise, unitsE4) };
}

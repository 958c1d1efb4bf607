import type { TimeWindow } from '../../contract/settings.ts';
import type { Sql } from '../db/database.ts';
import { openLedgerAccount } from '../ledger/ledger.ts';

// Pieces deposits and withdrawals share: how a window reads in a refusal, the one lock
// that puts a user's fund requests in a line, and the firm's bank account in the ledger.

/** "09:30-15:30": the parameter of deposit_outside_window and withdrawal_outside_window. */
export const windowText = (window: TimeWindow): string => `${window.from}-${window.to}`;

/**
 * Locks the user's row for the rest of the transaction, so two requests of one user (a
 * double tap, two devices) are decided one after the other. NO KEY UPDATE: rows that only
 * refer to the user (notifications, transfers) can still be written meanwhile.
 */
export async function lockUserForFunding(tx: Sql, userId: bigint): Promise<{ withdrawBarred: boolean }> {
  const [row] = await tx.query<{ withdraw_barred: boolean }>('SELECT withdraw_barred FROM users WHERE id = $1 FOR NO KEY UPDATE', [userId.toString()]);
  if (!row) throw new Error(`funding: user ${userId} does not exist`);
  return { withdrawBarred: row.withdraw_barred };
}

/**
 * The firm's collection bank account. Deposits are paid from it into users' accounts and
 * payouts return to it, so its balance is minus what users hold from deposits: it goes
 * negative by design.
 */
export const houseBankAccountId = (sql: Sql): Promise<bigint> =>
  openLedgerAccount(sql, { code: 'house:bank', kind: 'house_bank', currency: 'INR', allowNegative: true });

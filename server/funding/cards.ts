import type { z } from 'zod';
import type { addBankCardRequest, bankCard } from '../../contract/funding.ts';
import type { Database, Sql } from '../db/database.ts';
import { isUniqueViolation } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';
import { verifiedKycName } from '../identity/identityChecks.ts';

// A user's own bank accounts, where withdrawals are paid. Only a verified user may add one,
// only in their own verified name, and the full account number never leaves the server.
// Removing a card marks it deleted; withdrawals paid to it keep pointing at it.

export type AddBankCard = z.output<typeof addBankCardRequest>;
export type BankCard = z.infer<typeof bankCard>;

export type BankCardRow = {
  id: bigint;
  user_id: bigint;
  holder_name: string;
  account_no: string;
  bank_name: string;
  branch: string;
  bank_code: string;
  ifsc: string;
  created_at: Date;
  deleted_at: Date | null;
};

/** "•••• 4821": the last four digits are enough for the owner to recognise the account. */
export const maskAccountNumber = (accountNumber: string): string => `•••• ${accountNumber.slice(-4)}`;

/** Names compared the way people write them: letter case, full-width letters and runs of spaces do not matter. */
const comparableName = (name: string): string => name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-IN');
export const namesMatch = (a: string, b: string): boolean => comparableName(a) === comparableName(b);

export function toBankCard(row: BankCardRow): BankCard {
  return {
    id: row.id.toString(),
    holder_name: row.holder_name,
    account_no_masked: maskAccountNumber(row.account_no),
    bank_name: row.bank_name,
    branch: row.branch,
    bank_code: row.bank_code,
    ifsc: row.ifsc,
    created_at: new Date(row.created_at).toISOString(),
  };
}

export async function liveCardsOf(sql: Sql, userId: bigint): Promise<BankCardRow[]> {
  return sql.query<BankCardRow>('SELECT * FROM bank_cards WHERE user_id = $1 AND deleted_at IS NULL ORDER BY id', [userId.toString()]);
}

/**
 * The user's live card with this id, or null — the same for a card that does not exist,
 * was deleted or is someone else's. `lock` holds it until the transaction ends.
 */
export async function liveCardOf(sql: Sql, userId: bigint, cardId: string, lock: 'none' | 'share' | 'update' = 'none'): Promise<BankCardRow | null> {
  if (!/^[1-9]\d{0,17}$/.test(cardId)) return null;
  const locking = lock === 'share' ? 'FOR SHARE' : lock === 'update' ? 'FOR UPDATE' : '';
  const [row] = await sql.query<BankCardRow>(`SELECT * FROM bank_cards WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL ${locking}`, [cardId, userId.toString()]);
  return row ?? null;
}

export async function addBankCard(db: Database, userId: bigint, form: AddBankCard): Promise<BankCard> {
  const kycName = await verifiedKycName(db, userId);
  if (kycName === null) refuse('complete_kyc_first');
  if (!namesMatch(form.holder_name, kycName)) refuse('card_not_holders_own');
  try {
    const [row] = await db.query<BankCardRow>(
      `INSERT INTO bank_cards (user_id, holder_name, account_no, bank_name, branch, bank_code, ifsc)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
      [userId.toString(), form.holder_name.replace(/\s+/g, ' '), form.account_no, form.bank_name, form.branch, form.bank_code, form.ifsc],
    );
    return toBankCard(row!);
  } catch (error) {
    // The partial unique index decides, so two taps at once still make one card.
    if (isUniqueViolation(error)) refuse('card_already_exists');
    throw error;
  }
}

export async function listBankCards(sql: Sql, userId: bigint): Promise<BankCard[]> {
  return (await liveCardsOf(sql, userId)).map(toBankCard);
}

/** Marks the card deleted and answers the cards left. A card with a withdrawal in progress stays (the payout needs it). */
export async function deleteBankCard(db: Database, userId: bigint, cardId: string): Promise<BankCard[]> {
  await db.transaction(async (tx) => {
    const card = await liveCardOf(tx, userId, cardId, 'update');
    if (!card) refuse('no_such_card');
    const open = await tx.query("SELECT 1 FROM withdrawals WHERE card_id = $1 AND status IN ('pending', 'first_approved')", [card.id.toString()]);
    if (open.length > 0) refuse('other_fund_operation_in_progress');
    await tx.query('UPDATE bank_cards SET deleted_at = now() WHERE id = $1', [card.id.toString()]);
  });
  return listBankCards(db, userId);
}

import type { LedgerCurrency } from '../../contract/currencies.ts';
import type { Sql } from '../db/database.ts';
import type { RateSource } from './rateBook.ts';

// The SQL of exchange quotes (table fx_quotes, migration 0015).

export type QuoteRow = {
  id: bigint;
  user_id: bigint;
  from_currency: LedgerCurrency;
  to_currency: LedgerCurrency;
  amount_minor: bigint;
  receive_minor: bigint;
  rate_scaled: bigint;
  reference_scaled: bigint;
  spread_bps: number;
  source: RateSource;
  created_at: Date;
  expires_at: Date;
  converted_at: Date | null;
  idempotency_key: string | null;
  transfer_id: bigint | null;
};

export type NewQuote = Omit<QuoteRow, 'id' | 'converted_at' | 'idempotency_key' | 'transfer_id'>;

export async function insertQuote(sql: Sql, quote: NewQuote): Promise<QuoteRow> {
  const [row] = await sql.query<QuoteRow>(
    `INSERT INTO fx_quotes (user_id, from_currency, to_currency, amount_minor, receive_minor, rate_scaled, reference_scaled, spread_bps, source, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING *`,
    [
      quote.user_id.toString(), quote.from_currency, quote.to_currency, quote.amount_minor.toString(), quote.receive_minor.toString(),
      quote.rate_scaled.toString(), quote.reference_scaled.toString(), quote.spread_bps, quote.source, quote.created_at, quote.expires_at,
    ],
  );
  return row!;
}

export type QuoteForConversion = QuoteRow & {
  /** The quote the user already converted with this idempotency key, if any. */
  key_quote_id: bigint | null;
  /** The user's available accounts in the two currencies; null where the user has none yet. */
  from_account_id: bigint | null;
  to_account_id: bigint | null;
};

/**
 * The caller's quote, locked for the rest of the transaction, with what the conversion needs
 * to know besides: one round trip before the transfer.
 */
export async function lockQuoteForConversion(sql: Sql, userId: bigint, quoteId: string, idempotencyKey: string): Promise<QuoteForConversion | undefined> {
  const [row] = await sql.query<QuoteForConversion>(
    `SELECT q.*,
            (SELECT k.id FROM fx_quotes k WHERE k.user_id = $2 AND k.idempotency_key = $3) AS key_quote_id,
            (SELECT a.id FROM ledger_accounts a WHERE a.user_id = $2 AND a.kind = 'user_available' AND a.currency = q.from_currency) AS from_account_id,
            (SELECT a.id FROM ledger_accounts a WHERE a.user_id = $2 AND a.kind = 'user_available' AND a.currency = q.to_currency) AS to_account_id
       FROM fx_quotes q WHERE q.id = $1 AND q.user_id = $2 FOR UPDATE OF q`,
    [quoteId, userId.toString(), idempotencyKey],
  );
  return row;
}

/** Records the conversion on the quote and answers with the two accounts' balances after it (same transaction, so they include it). */
export async function markConverted(
  sql: Sql,
  quoteId: bigint,
  conversion: { at: Date; idempotencyKey: string; transferId: bigint; fromAccountId: bigint; toAccountId: bigint },
): Promise<QuoteRow & { available_from: bigint; available_to: bigint }> {
  const [row] = await sql.query<QuoteRow & { available_from: bigint; available_to: bigint }>(
    `UPDATE fx_quotes SET converted_at = $2, idempotency_key = $3, transfer_id = $4 WHERE id = $1
     RETURNING *, (SELECT balance_paise FROM ledger_accounts WHERE id = $5) AS available_from, (SELECT balance_paise FROM ledger_accounts WHERE id = $6) AS available_to`,
    [quoteId.toString(), conversion.at, conversion.idempotencyKey, conversion.transferId.toString(), conversion.fromAccountId.toString(), conversion.toAccountId.toString()],
  );
  return row!;
}

/** What the firm's FX accounts hold, per currency (the lanes of a currency summed). */
export async function houseFxBalances(sql: Sql): Promise<{ currency: LedgerCurrency; balance: bigint }[]> {
  const rows = await sql.query<{ currency: LedgerCurrency; balance_paise: bigint }>(
    "SELECT currency, sum(balance_paise)::bigint AS balance_paise FROM ledger_accounts WHERE kind = 'house_fx' GROUP BY currency ORDER BY currency",
  );
  return rows.map((row) => ({ currency: row.currency, balance: row.balance_paise }));
}

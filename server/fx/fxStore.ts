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

/** The caller's own quote (another user's id finds nothing); `lock` holds it for the rest of the transaction. */
export async function quoteOf(sql: Sql, userId: bigint, quoteId: string, lock = false): Promise<QuoteRow | undefined> {
  const [row] = await sql.query<QuoteRow>(`SELECT * FROM fx_quotes WHERE id = $1 AND user_id = $2${lock ? ' FOR UPDATE' : ''}`, [quoteId, userId.toString()]);
  return row;
}

/** The quote the user already converted with this idempotency key, if any. */
export async function quoteConvertedWithKey(sql: Sql, userId: bigint, idempotencyKey: string): Promise<bigint | undefined> {
  const [row] = await sql.query<{ id: bigint }>('SELECT id FROM fx_quotes WHERE user_id = $1 AND idempotency_key = $2', [userId.toString(), idempotencyKey]);
  return row?.id;
}

export async function markConverted(sql: Sql, quoteId: bigint, conversion: { at: Date; idempotencyKey: string; transferId: bigint }): Promise<void> {
  await sql.query('UPDATE fx_quotes SET converted_at = $2, idempotency_key = $3, transfer_id = $4 WHERE id = $1', [
    quoteId.toString(), conversion.at, conversion.idempotencyKey, conversion.transferId.toString(),
  ]);
}

/** What the firm's FX accounts hold, per currency. */
export async function houseFxBalances(sql: Sql): Promise<{ currency: LedgerCurrency; balance: bigint }[]> {
  const rows = await sql.query<{ currency: LedgerCurrency; balance_paise: bigint }>(
    "SELECT currency, balance_paise FROM ledger_accounts WHERE kind = 'house_fx' ORDER BY currency",
  );
  return rows.map((row) => ({ currency: row.currency, balance: row.balance_paise }));
}

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
 * The quotes of a batch of conversions, locked in id order for the rest of the transaction,
 * each with what its conversion needs besides (one round trip): answered in the order asked,
 * undefined where the user has no such quote.
 */
export async function lockQuotesForConversion(
  sql: Sql,
  requests: readonly { userId: bigint; quoteId: string; idempotencyKey: string }[],
): Promise<(QuoteForConversion | undefined)[]> {
  const rows = await sql.query<QuoteForConversion & { position: number }>(
    `SELECT q.*, r.position,
            (SELECT k.id FROM fx_quotes k WHERE k.user_id = r.user_id AND k.idempotency_key = r.idempotency_key) AS key_quote_id,
            (SELECT a.id FROM ledger_accounts a WHERE a.user_id = r.user_id AND a.kind = 'user_available' AND a.currency = q.from_currency) AS from_account_id,
            (SELECT a.id FROM ledger_accounts a WHERE a.user_id = r.user_id AND a.kind = 'user_available' AND a.currency = q.to_currency) AS to_account_id
       FROM unnest($1::bigint[], $2::bigint[], $3::text[]) WITH ORDINALITY AS r (quote_id, user_id, idempotency_key, position)
       JOIN fx_quotes q ON q.id = r.quote_id AND q.user_id = r.user_id
      ORDER BY q.id
        FOR UPDATE OF q`,
    [requests.map((request) => request.quoteId), requests.map((request) => request.userId.toString()), requests.map((request) => request.idempotencyKey)],
  );
  const byPosition = new Map(rows.map((row) => [Number(row.position), row]));
  return requests.map((_request, index) => byPosition.get(index + 1));
}

/** Records the conversions on their quotes, in one statement; answers the quotes as they now are, by id. */
export async function markConverted(
  sql: Sql,
  conversions: readonly { quoteId: bigint; at: Date; idempotencyKey: string; transferId: bigint }[],
): Promise<Map<string, QuoteRow>> {
  const rows = await sql.query<QuoteRow>(
    `UPDATE fx_quotes q SET converted_at = c.at, idempotency_key = c.idempotency_key, transfer_id = c.transfer_id
       FROM unnest($1::bigint[], $2::timestamptz[], $3::text[], $4::bigint[]) AS c (id, at, idempotency_key, transfer_id)
      WHERE q.id = c.id
     RETURNING q.*`,
    [
      conversions.map((conversion) => conversion.quoteId.toString()),
      conversions.map((conversion) => conversion.at.toISOString()),
      conversions.map((conversion) => conversion.idempotencyKey),
      conversions.map((conversion) => conversion.transferId.toString()),
    ],
  );
  return new Map(rows.map((row) => [row.id.toString(), row]));
}

/** What the firm's FX accounts hold, per currency (the lanes of a currency summed). */
export async function houseFxBalances(sql: Sql): Promise<{ currency: LedgerCurrency; balance: bigint }[]> {
  const rows = await sql.query<{ currency: LedgerCurrency; balance_paise: bigint }>(
    "SELECT currency, sum(balance_paise)::bigint AS balance_paise FROM ledger_accounts WHERE kind = 'house_fx' GROUP BY currency ORDER BY currency",
  );
  return rows.map((row) => ({ currency: row.currency, balance: row.balance_paise }));
}

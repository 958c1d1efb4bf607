import { stringify } from 'csv-stringify/sync';
import type { z } from 'zod';
import { istDateTimeText, istDayNumberStart, parseIsoDay } from '../../contract/calendar.ts';
import { formatMinorAmount, type LedgerCurrency, ledgerCurrencies } from '../../contract/currencies.ts';
import type { statementCsvQuery } from '../../contract/funding.ts';
import { statementSentence } from '../../contract/statementReasons.ts';
import type { Sql } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';
import type { StatementReaders } from '../i18n/statementReaders.ts';

// The downloadable statement of a user's cash (available + frozen) between two IST dates:
// the opening balance at the start of the first day, one row per transfer that touched the
// cash with its change and the running balance, then the closing balance at the end of the
// last day, each per currency. Opening + the sum of the changes = closing in each currency,
// to its minor unit.

/** A year and a day: enough for a financial year, bounded so one download stays small. */
export const statementRangeDaysMax = 366;

export type StatementCsvQuery = z.output<typeof statementCsvQuery>;

/** A real calendar date ("2025-02-30" is not), as its IST day number (contract/calendar.ts). */
function calendarDay(text: string, field: 'from' | 'to'): number {
  return parseIsoDay(text) ?? refuse('invalid_field', field);
}

/** The instant an IST calendar day starts. */
const istMidnight = (dayNumber: number): Date => new Date(istDayNumberStart(dayNumber));
const istTime = (at: Date): string => istDateTimeText(at.getTime());

/** A spreadsheet runs a cell that starts with one of these as a formula; a leading quote keeps it text (OWASP CSV injection). */
export const asSpreadsheetText = (text: string): string => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

type CashRow = { id: bigint | null; currency: LedgerCurrency; kind: string | null; reason_kind: string | null; reason_params: unknown; created_at: Date | null; change: bigint };

/** Rupees first, then the ledger's order of currencies. */
const byLedgerOrder = (a: LedgerCurrency, b: LedgerCurrency) => ledgerCurrencies.indexOf(a) - ledgerCurrencies.indexOf(b);

/** One line of a statement: an opening or closing balance (no transfer, no change) or a transfer's change to the cash. */
export interface StatementLine {
  /** IST, "YYYY-MM-DD HH:MM:SS". */
  time: string;
  transferId: string;
  kind: string;
  /** In the reader's language. */
  reason: string;
  change: bigint | null;
  balance: bigint;
  currency: LedgerCurrency;
}

/**
 * The lines of the period, each reason written in `query.lang` from the app's catalogs.
 * Every line names its currency and its amounts are in it: a running balance per currency,
 * an opening and a closing balance per currency (rupees always; another currency when it had
 * money at the start or moved in the period), and nothing is ever summed across currencies.
 */
export async function statementLines(sql: Sql, userId: bigint, query: StatementCsvQuery, readers: StatementReaders): Promise<{ filename: string; lines: StatementLine[] }> {
  const reader = readers[query.lang];
  const from = calendarDay(query.from, 'from');
  const to = calendarDay(query.to, 'to');
  if (to < from || to - from + 1 > statementRangeDaysMax) refuse('statement_range_invalid', String(statementRangeDaysMax));
  const start = istMidnight(from);
  const end = istMidnight(to + 1);
  // One statement, so the opening balances and the rows come from the same snapshot.
  const rows = await sql.query<CashRow>(
    `WITH cash AS (
       SELECT t.id, a.currency, t.kind, t.reason_kind, t.reason_params, t.created_at, sum(p.amount_paise)::bigint AS change
         FROM ledger_transfers t
         JOIN ledger_postings p ON p.transfer_id = t.id
         JOIN ledger_accounts a ON a.id = p.account_id
        WHERE a.user_id = $1 AND a.kind IN ('user_available', 'user_frozen') AND t.created_at < $3
        GROUP BY t.id, a.currency
     )
     SELECT NULL::bigint AS id, currency, NULL::text AS kind, NULL::text AS reason_kind, NULL::jsonb AS reason_params, NULL::timestamptz AS created_at,
            sum(change)::bigint AS change
       FROM cash WHERE created_at < $2 GROUP BY currency
     UNION ALL
     SELECT id, currency, kind, reason_kind, reason_params, created_at, change FROM cash WHERE created_at >= $2
     ORDER BY id NULLS FIRST, currency`,
    [userId.toString(), start, end],
  );
  const openings = rows.filter((row) => row.id === null);
  const transfers = rows.filter((row) => row.id !== null);
  const balances = new Map<LedgerCurrency, bigint>([['INR', 0n]]);
  for (const opening of openings) if (opening.change !== 0n) balances.set(opening.currency, opening.change);
  for (const row of transfers) if (!balances.has(row.currency)) balances.set(row.currency, 0n);
  const currencies = [...balances.keys()].sort(byLedgerOrder);

  const balanceLine = (time: string, kind: 'opening_balance' | 'closing_balance', currency: LedgerCurrency): StatementLine => ({
    time, transferId: '', kind, reason: reader.translate(kind, {}), change: null, balance: balances.get(currency)!, currency,
  });
  const lines: StatementLine[] = currencies.map((currency) => balanceLine(istTime(start), 'opening_balance', currency));
  for (const row of transfers) {
    const balance = balances.get(row.currency)! + row.change;
    balances.set(row.currency, balance);
    const reason = statementSentence(row.reason_kind!, row.reason_params, reader);
    lines.push({ time: istTime(row.created_at!), transferId: row.id!.toString(), kind: row.kind!, reason, change: row.change, balance, currency: row.currency });
  }
  const closingTime = istTime(new Date(end.getTime() - 1000));
  for (const currency of currencies) lines.push(balanceLine(closingTime, 'closing_balance', currency));
  return { filename: `ledgerline-statement-${query.from}-to-${query.to}`, lines };
}

/** The CSV of the period's lines (unsigned: the route signs it). */
export async function statementCsv(sql: Sql, userId: bigint, query: StatementCsvQuery, readers: StatementReaders): Promise<{ filename: string; csv: string }> {
  const { filename, lines } = await statementLines(sql, userId, query, readers);
  const records = lines.map((line) => [
    line.time, line.transferId, line.kind, line.transferId === '' ? line.reason : asSpreadsheetText(line.reason),
    line.change === null ? '' : formatMinorAmount(line.change, line.currency), formatMinorAmount(line.balance, line.currency), line.currency,
  ]);
  const csv = stringify(records, { header: true, columns: ['date_ist', 'transfer_id', 'kind', 'reason', 'change', 'balance', 'currency'] });
  return { filename: `${filename}.csv`, csv };
}

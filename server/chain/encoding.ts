import { createHash } from 'node:crypto';

// The canonical encoding of the chained rows, written a second time in TypeScript so the
// verifier (scripts/verify-chain.ts) recomputes every hash without trusting the database's
// own functions (migration 0033 holds the SQL side; chain.test.ts checks they agree).
// Every value is the text form PostgreSQL prints for it (a dump's COPY text, or `::text`),
// except times, which are epoch microseconds so the dump's time zone does not matter.

export const genesisHash = '0'.repeat(64);

/** One text-form row: column name to its text, or null. */
export type TextRow = Record<string, string | null>;

/** "<octets>:<text>", or "~" for NULL. */
export function chainField(value: string | null | undefined): string {
  return value === null || value === undefined ? '~' : `${Buffer.byteLength(value, 'utf8')}:${value}`;
}

/** sha-256 (hex) of the previous hash followed by an entry's encoding. */
export function chainNext(previous: string, encoding: string): string {
  return createHash('sha256').update(previous + encoding, 'utf8').digest('hex');
}

const timestampPattern = /^(\d{4,})-(\d\d)-(\d\d)[ T](\d\d):(\d\d):(\d\d)(?:\.(\d{1,6}))?(?:([+-])(\d\d)(?::?(\d\d)(?::?(\d\d))?)?|Z)?$/;

/** A timestamptz's text ("2026-11-28 20:20:06.941+05:30") as epoch microseconds. */
export function epochMicros(text: string): bigint {
  const match = timestampPattern.exec(text.trim());
  if (!match) throw new Error(`not a timestamp: ${text}`);
  const [, year, month, day, hour, minute, second, fraction = '', sign, offsetHours = '0', offsetMinutes = '0', offsetSeconds = '0'] = match;
  const wholeMs = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
  const offset = (Number(offsetHours) * 3600 + Number(offsetMinutes) * 60 + Number(offsetSeconds)) * (sign === '-' ? -1 : 1);
  return (BigInt(wholeMs) / 1000n - BigInt(offset)) * 1_000_000n + BigInt(fraction.padEnd(6, '0'));
}

const micros = (text: string | null | undefined) => (text === null || text === undefined ? null : epochMicros(text).toString());

/** An audit_log row's encoding (audit_entry_encoding in SQL). */
export function auditEntryEncoding(row: TextRow): string {
  return [
    row.chain_seq, row.id, row.staff_id, row.action, row.target_user_id, row.subject_kind, row.subject_id, row.reason, row.before, row.after, micros(row.created_at),
  ].map(chainField).join('');
}

/** A transfer's encoding with its postings in id order (ledger_transfer_encoding in SQL). */
export function ledgerTransferEncoding(seq: string, transfer: TextRow, postings: readonly TextRow[]): string {
  const head = [
    seq, transfer.id, transfer.idempotency_key, transfer.kind, transfer.reason, transfer.request_fingerprint, transfer.user_id, micros(transfer.created_at),
    transfer.reason_kind, transfer.reason_params, String(postings.length),
  ].map(chainField).join('');
  const legs = [...postings]
    .sort((a, b) => compareIds(a.id, b.id))
    .map((posting) => [posting.id, posting.account_id, posting.amount_paise, posting.currency, micros(posting.created_at)].map(chainField).join(''));
  return head + legs.join('');
}

/** Decimal ids (text) in numeric order. */
export function compareIds(a: string | null | undefined, b: string | null | undefined): number {
  const left = BigInt(a ?? '0');
  const right = BigInt(b ?? '0');
  return left < right ? -1 : left > right ? 1 : 0;
}

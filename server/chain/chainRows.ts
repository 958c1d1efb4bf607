import type { Sql } from '../db/database.ts';
import type { TextRow } from './encoding.ts';

// The rows the chains cover, as text, from wherever they are read: a running database, a
// PGlite data directory restored in memory, or a pg_dump plain SQL file read as text (no
// server at all). Each table's columns are the ones the encodings and the checks use.

export interface ChainRows {
  audit: TextRow[];
  auditHead: TextRow[];
  transfers: TextRow[];
  postings: TextRow[];
  seals: TextRow[];
  ledgerHead: TextRow[];
  roots: TextRow[];
}

export const chainColumns: Record<keyof ChainRows, { table: string; columns: readonly string[] }> = {
  audit: {
    table: 'audit_log',
    columns: ['id', 'staff_id', 'action', 'target_user_id', 'subject_kind', 'subject_id', 'reason', 'before', 'after', 'created_at', 'chain_seq', 'chain_hash'],
  },
  auditHead: { table: 'audit_chain_head', columns: ['seq', 'hash'] },
  transfers: {
    table: 'ledger_transfers',
    columns: ['id', 'idempotency_key', 'kind', 'reason', 'request_fingerprint', 'user_id', 'created_at', 'reason_kind', 'reason_params'],
  },
  postings: { table: 'ledger_postings', columns: ['id', 'transfer_id', 'account_id', 'amount_paise', 'currency', 'created_at'] },
  seals: { table: 'ledger_chain', columns: ['transfer_id', 'seq', 'day', 'hash'] },
  ledgerHead: { table: 'ledger_chain_head', columns: ['seq', 'hash'] },
  roots: { table: 'chain_roots', columns: ['chain', 'day', 'entries', 'last_seq', 'root_hash'] },
};

/** Reads every chained row from a database (each column in its text form). */
export async function readChainRows(sql: Sql): Promise<ChainRows> {
  const rows = {} as ChainRows;
  for (const [name, { table, columns }] of Object.entries(chainColumns) as [keyof ChainRows, (typeof chainColumns)[keyof ChainRows]][]) {
    rows[name] = await sql.query<TextRow>(`SELECT ${columns.map((column) => `${column}::text AS ${column}`).join(', ')} FROM ${table}`);
  }
  return rows;
}

/** Undoes COPY's text escapes (\\, \n, \t, \r, \b, \f, \v, octal \NNN and hex \xHH bytes). */
export function copyFieldText(field: string): string | null {
  if (field === '\\N') return null;
  if (!field.includes('\\')) return field;
  const bytes: number[] = [];
  const named: Record<string, number> = { b: 8, f: 12, n: 10, r: 13, t: 9, v: 11 };
  for (let index = 0; index < field.length; index++) {
    const char = field[index]!;
    if (char !== '\\') {
      bytes.push(...Buffer.from(char, 'utf8'));
      continue;
    }
    const next = field[index + 1] ?? '';
    const octal = /^[0-7]{1,3}/.exec(field.slice(index + 1))?.[0];
    const hex = next === 'x' ? /^[0-9a-fA-F]{1,2}/.exec(field.slice(index + 2))?.[0] : undefined;
    if (octal) {
      bytes.push(parseInt(octal, 8) & 0xff);
      index += octal.length;
    } else if (hex) {
      bytes.push(parseInt(hex, 16));
      index += 1 + hex.length;
    } else {
      bytes.push(...Buffer.from(named[next] === undefined ? next : String.fromCharCode(named[next]), 'utf8'));
      index += 1;
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

const copyHeader = /^COPY (?:"?[\w]+"?\.)?"?(\w+)"? \(([^)]*)\) FROM stdin;$/;

/** The chained tables' rows from a pg_dump plain SQL file, in the file's order. */
export function chainRowsOfDump(dump: string): ChainRows {
  const byTable = new Map<string, TextRow[]>();
  const lines = dump.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const header = copyHeader.exec(lines[index]!);
    if (!header) continue;
    const columns = header[2]!.split(',').map((column) => column.trim().replace(/^"|"$/g, ''));
    const rows: TextRow[] = [];
    for (index++; index < lines.length && lines[index] !== '\\.'; index++) {
      const fields = lines[index]!.split('\t');
      rows.push(Object.fromEntries(columns.map((column, position) => [column, copyFieldText(fields[position] ?? '\\N')])));
    }
    byTable.set(header[1]!, rows);
  }
  const rows = {} as ChainRows;
  for (const [name, { table }] of Object.entries(chainColumns) as [keyof ChainRows, { table: string }][]) {
    const found = byTable.get(table);
    if (!found) throw new Error(`the dump has no data for table ${table} (is it a dump of this database, with migration 0033?)`);
    rows[name] = found;
  }
  return rows;
}

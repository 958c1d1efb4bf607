import { istDay } from '../../contract/calendarDays.ts';
import type { ChainRows } from './chainRows.ts';
import { auditEntryEncoding, chainNext, compareIds, epochMicros, genesisHash, ledgerTransferEncoding, type TextRow } from './encoding.ts';

// Recomputes both chains and every published root from the rows alone and names the first
// row that breaks each: an edited row no longer hashes to its stored hash, a deleted one
// leaves a gap in the sequence (or a seal without its transfer), a reordered one hashes
// with the wrong predecessor, and a transfer slipped into a sealed day has no seal.

export interface ChainReport {
  /** The first problem first; empty when everything checks. */
  problems: string[];
  auditEntries: number;
  sealedTransfers: number;
  rootsChecked: number;
}

/** A published root as chain/roots answers it (or the chain_roots table holds it). */
export interface PublishedRoot {
  chain: string;
  day: string;
  last_seq: string;
  root_hash: string;
}

const bySeq = (column: string) => (a: TextRow, b: TextRow) => compareIds(a[column], b[column]);

/** Walks one chain in sequence order; returns the hash at each position, or the first problem. */
function walk(rows: TextRow[], seqColumn: string, hashColumn: string, name: (row: TextRow) => string, encode: (row: TextRow) => string | { problem: string }) {
  const hashes = new Map<string, string>([['0', genesisHash]]);
  let previous = genesisHash;
  let expected = 1n;
  for (const row of [...rows].sort(bySeq(seqColumn))) {
    const seq = BigInt(row[seqColumn] ?? '0');
    if (seq !== expected) {
      const problem = seq < expected ? `${name(row)}: position ${seq} appears twice (rows reordered or duplicated)` : `position ${expected} is missing before ${name(row)} (a row was deleted)`;
      return { hashes, problem };
    }
    const encoding = encode(row);
    if (typeof encoding !== 'string') return { hashes, problem: encoding.problem };
    const hash = chainNext(previous, encoding);
    if (hash !== row[hashColumn]) {
      return { hashes, problem: `${name(row)}: its hash does not match its content and the entry before it (the row was edited, or rows before it were reordered or deleted)` };
    }
    hashes.set(seq.toString(), hash);
    previous = hash;
    expected++;
  }
  return { hashes, problem: null };
}

/** The first mismatch between the chains' heads and what the rows recompute to. */
function checkHead(label: string, head: TextRow | undefined, hashes: Map<string, string>): string | null {
  if (!head) return `${label}: the chain's head row is missing`;
  if (hashes.get(head.seq ?? '') !== head.hash) return `${label}: the head says position ${head.seq}, but the rows end at position ${hashes.size - 1} with another hash (rows at the end were deleted or added)`;
  return null;
}

export function verifyChainRows(rows: ChainRows, externalRoots: readonly PublishedRoot[] = []): ChainReport {
  const problems: string[] = [];

  const audit = walk(rows.audit, 'chain_seq', 'chain_hash', (row) => `audit_log row id ${row.id} (chain_seq ${row.chain_seq})`, auditEntryEncoding);
  if (audit.problem) problems.push(audit.problem);
  else {
    const head = checkHead('audit_chain_head', rows.auditHead[0], audit.hashes);
    if (head) problems.push(head);
  }

  const transfers = new Map(rows.transfers.map((row) => [row.id!, row]));
  const postingsOf = new Map<string, TextRow[]>();
  for (const posting of rows.postings) {
    const list = postingsOf.get(posting.transfer_id!) ?? [];
    list.push(posting);
    postingsOf.set(posting.transfer_id!, list);
  }
  const sealed = new Set(rows.seals.map((seal) => seal.transfer_id!));
  const ledger = walk(rows.seals, 'seq', 'hash', (seal) => `ledger_transfers row id ${seal.transfer_id} (ledger_chain seq ${seal.seq})`, (seal) => {
    const transfer = transfers.get(seal.transfer_id!);
    if (!transfer) return { problem: `ledger_transfers row id ${seal.transfer_id} (ledger_chain seq ${seal.seq}) is missing (deleted)` };
    return ledgerTransferEncoding(seal.seq!, transfer, postingsOf.get(seal.transfer_id!) ?? []);
  });
  if (ledger.problem) problems.push(ledger.problem);
  else {
    const head = checkHead('ledger_chain_head', rows.ledgerHead[0], ledger.hashes);
    if (head) problems.push(head);
  }

  // Every transfer of a published day must have been sealed; postings belong to a transfer.
  const lastLedgerDay = rows.roots.filter((root) => root.chain === 'ledger').reduce((last, root) => (root.day! > last ? root.day! : last), '');
  const unsealed = rows.transfers
    .filter((transfer) => !sealed.has(transfer.id!) && istDay(Number(epochMicros(transfer.created_at!) / 1000n)) <= lastLedgerDay)
    .sort(bySeq('id'))[0];
  if (unsealed) problems.push(`ledger_transfers row id ${unsealed.id} is not sealed though its day (${istDay(Number(epochMicros(unsealed.created_at!) / 1000n))}) was published (added afterwards)`);
  const orphan = rows.postings.filter((posting) => !transfers.has(posting.transfer_id!)).sort(bySeq('id'))[0];
  if (orphan) problems.push(`ledger_postings row id ${orphan.id}: its transfer ${orphan.transfer_id} is missing (deleted)`);

  // Each published root is the hash at its position of the recomputed chain.
  const recomputed = { audit: audit.hashes, ledger: ledger.hashes } as Record<string, Map<string, string>>;
  const roots = [...rows.roots].sort((a, b) => (a.chain! + a.day!).localeCompare(b.chain! + b.day!));
  for (const root of roots) {
    const hash = recomputed[root.chain!]?.get(root.last_seq!);
    if (hash !== root.root_hash) {
      problems.push(`chain_roots ${root.chain} ${root.day}: the published root ${root.root_hash} is not the recomputed hash at position ${root.last_seq} (${hash ?? 'no such position'})`);
      break;
    }
  }
  const stored = new Map(rows.roots.map((root) => [`${root.chain} ${root.day}`, root]));
  for (const external of externalRoots) {
    const root = stored.get(`${external.chain} ${external.day}`);
    if (!root || root.root_hash !== external.root_hash || root.last_seq !== external.last_seq) {
      problems.push(`chain_roots ${external.chain} ${external.day}: the dump's root (${root?.root_hash ?? 'missing'}) is not the one published earlier (${external.root_hash})`);
      break;
    }
  }
  return { problems, auditEntries: rows.audit.length, sealedTransfers: rows.seals.length, rootsChecked: roots.length };
}

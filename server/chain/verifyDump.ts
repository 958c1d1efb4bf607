import { readFile } from 'node:fs/promises';
import { openPglite } from '../db/pglite.ts';
import { type ChainRows, chainRowsOfDump, readChainRows } from './chainRows.ts';
import { type ChainReport, type PublishedRoot, verifyChainRows } from './verify.ts';

// A dump is either PostgreSQL's plain SQL (pg_dump -Fp: read as text, no server needed) or
// PGlite's data directory (dumpDataDir, a gzipped tar: restored into a scratch PGlite in
// memory, in this process). Nothing is written anywhere.

const isGzip = (bytes: Buffer) => bytes.length > 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;

export async function chainRowsOfDumpFile(path: string): Promise<ChainRows> {
  const bytes = await readFile(path);
  if (!isGzip(bytes)) return chainRowsOfDump(bytes.toString('utf8'));
  const scratch = await openPglite(undefined, { loadDataDir: new Blob([bytes]) });
  try {
    return await readChainRows(scratch);
  } finally {
    await scratch.close();
  }
}

/** Roots kept from chain/roots (its answer, with or without the {status, msg, data} envelope). */
export function publishedRootsOf(json: unknown): PublishedRoot[] {
  const data = (json as { data?: unknown }).data ?? json;
  const { audit = [], ledger = [] } = data as { audit?: Omit<PublishedRoot, 'chain'>[]; ledger?: Omit<PublishedRoot, 'chain'>[] };
  return [...audit.map((root) => ({ ...root, chain: 'audit' })), ...ledger.map((root) => ({ ...root, chain: 'ledger' }))];
}

export async function verifyDumpFile(path: string, options: { rootsFile?: string } = {}): Promise<ChainReport> {
  const external = options.rootsFile ? publishedRootsOf(JSON.parse(await readFile(options.rootsFile, 'utf8'))) : [];
  return verifyChainRows(await chainRowsOfDumpFile(path), external);
}

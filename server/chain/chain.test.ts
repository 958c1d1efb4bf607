import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { istDay } from '../../contract/calendarDays.ts';
import { backupPostgres, dumpPglite } from '../backup/backup.ts';
import { openTestDatabase, type TestDatabase, testEngine } from '../testing/testDatabase.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { type ChainRows, readChainRows } from './chainRows.ts';
import { auditEntryEncoding, chainNext, genesisHash } from './encoding.ts';
import { publishChainDays } from './publishJob.ts';
import { makeChainActivity } from './testing/activity.ts';
import { chainRowsOfDumpFile, publishedRootsOf, verifyDumpFile } from './verifyDump.ts';
import { verifyChainRows } from './verify.ts';

// The audit chain and the sealed ledger on the real engine: concurrent staff actions form one
// unbroken chain, each day's roots are published and public, and the verifier, reading a real
// dump (pg_dump SQL on PostgreSQL, the data directory on PGlite), passes on it untouched and
// names the first bad row once a row is edited, deleted or reordered.

const concurrent = 24;
let database: TestDatabase;
let server: TestServer;
let folder: string;
let dumpFile: string;
let clean: ChainRows;
let cleanReport: Awaited<ReturnType<typeof verifyDumpFile>>;

const dump = async (name: string) => {
  const file = join(folder, testEngine === 'postgres' ? `${name}.sql` : `${name}.tar.gz`);
  if (testEngine === 'postgres') await backupPostgres(database.url!, file);
  else await dumpPglite(database.db, file);
  return file;
};

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startTestServer(database.db);
  folder = await mkdtemp(join(tmpdir(), 'ledgerline-chain-'));
  await makeChainActivity(database.db, server, { concurrent });
  dumpFile = await dump('clean');
  clean = await chainRowsOfDumpFile(dumpFile);
  cleanReport = verifyChainRows(clean);
}, 120_000);

afterAll(async () => {
  await server?.close();
  await database?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

const copy = (rows: ChainRows): ChainRows => structuredClone(rows);
const firstProblem = (rows: ChainRows) => verifyChainRows(rows).problems[0];
const bySeq = (rows: ChainRows['audit'], column: string) => [...rows].sort((a, b) => Number(a[column]) - Number(b[column]));

describe('the audit chain', () => {
  it('joins concurrent staff actions into one chain, gapless, each hash computed by the database as the verifier computes it', async () => {
    const audit = bySeq((await readChainRows(database.db)).audit, 'chain_seq');
    // The staff member's creation, the concurrent invitation issues and the concurrent direct entries.
    expect(audit.length).toBeGreaterThanOrEqual(2 * concurrent + 1);
    expect(audit.map((row) => Number(row.chain_seq))).toEqual(audit.map((_, index) => index + 1));
    let previous = genesisHash;
    for (const row of audit) {
      expect(row.chain_hash).toBe(chainNext(previous, auditEntryEncoding(row)));
      previous = row.chain_hash!;
    }
    const [head] = await database.db.query<{ seq: bigint; hash: string }>('SELECT seq, hash FROM audit_chain_head');
    expect(head).toEqual({ seq: BigInt(audit.length), hash: previous });
  });

  it('stays append-only, and an entry cannot choose its own place or hash', async () => {
    await expect(database.db.query("UPDATE audit_log SET reason = 'changed' WHERE chain_seq = 1")).rejects.toThrow(/append-only/);
    const [written] = await database.db.query<{ chain_seq: bigint; chain_hash: string }>(
      `INSERT INTO audit_log (action, subject_kind, subject_id, reason, chain_seq, chain_hash) VALUES ('settings.update', 'setting', 'x', 'chosen', 1, repeat('a', 64))
       RETURNING chain_seq, chain_hash`,
    );
    expect(written!.chain_seq).toBeGreaterThan(1n);
    expect(written!.chain_hash).not.toBe('a'.repeat(64));
  });
});

describe('published roots', () => {
  it('publishes each day once, public through chain/roots, each root the chain head at its position', async () => {
    const today = istDay(Date.now());
    expect((await publishChainDays(database.db, today)).days).toEqual([]);
    const answer = await server.call('chain/roots', {});
    expect(answer.body.status).toBe(1);
    const { audit, ledger } = answer.body.data;
    expect(audit[0]).toMatchObject({ day: today, root_hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(ledger[0]).toMatchObject({ day: today, entries: 6 + 0 });
    const sealed = await database.db.query<{ hash: string }>('SELECT hash FROM ledger_chain WHERE seq = $1', [ledger[0].last_seq]);
    expect(sealed[0]!.hash).toBe(ledger[0].root_hash);
  });
});

describe('scripts/verify-chain.ts on a dump', () => {
  it('passes on a clean dump', () => {
    const report = cleanReport;
    expect(report.problems).toEqual([]);
    expect(report.sealedTransfers).toBe(6);
    expect(report.rootsChecked).toBe(2);
  });

  it('names an edited, a deleted and a reordered audit entry', () => {
    const audit = bySeq(clean.audit, 'chain_seq');
    const edited = copy(clean);
    edited.audit.find((row) => row.id === audit[5]!.id)!.reason = 'nothing happened here';
    expect(firstProblem(edited)).toContain(`audit_log row id ${audit[5]!.id} (chain_seq 6)`);

    const deleted = copy(clean);
    deleted.audit = deleted.audit.filter((row) => row.id !== audit[7]!.id);
    expect(firstProblem(deleted)).toMatch(/position 8 is missing/);

    const reordered = copy(clean);
    const [third, fourth] = [reordered.audit.find((row) => row.id === audit[2]!.id)!, reordered.audit.find((row) => row.id === audit[3]!.id)!];
    [third.chain_seq, fourth.chain_seq] = [fourth.chain_seq!, third.chain_seq!];
    expect(firstProblem(reordered)).toContain('(chain_seq 3)');

    // The last entries cut off: the head and the published root still remember them.
    const truncated = copy(clean);
    truncated.audit = truncated.audit.filter((row) => Number(row.chain_seq) < audit.length);
    expect(firstProblem(truncated)).toMatch(/audit_chain_head/);
  });

  it('names an edited, a deleted and a reordered ledger transfer', () => {
    const seals = bySeq(clean.seals, 'seq');
    const edited = copy(clean);
    const posting = edited.postings.find((row) => row.transfer_id === seals[2]!.transfer_id)!;
    posting.amount_paise = (BigInt(posting.amount_paise!) * 10n).toString();
    expect(firstProblem(edited)).toContain(`ledger_transfers row id ${seals[2]!.transfer_id} (ledger_chain seq 3)`);

    const deleted = copy(clean);
    deleted.transfers = deleted.transfers.filter((row) => row.id !== seals[1]!.transfer_id);
    deleted.postings = deleted.postings.filter((row) => row.transfer_id !== seals[1]!.transfer_id);
    expect(firstProblem(deleted)).toContain(`ledger_transfers row id ${seals[1]!.transfer_id} (ledger_chain seq 2) is missing`);

    const reordered = copy(clean);
    const [first, second] = [reordered.seals.find((row) => row.seq === '1')!, reordered.seals.find((row) => row.seq === '2')!];
    [first.transfer_id, second.transfer_id] = [second.transfer_id!, first.transfer_id!];
    expect(firstProblem(reordered)).toContain('(ledger_chain seq 1)');

    // A transfer slipped into a published day, with no seal.
    const added = copy(clean);
    added.transfers.push({ ...added.transfers[0]!, id: '999999', idempotency_key: 'slipped-in' });
    expect(firstProblem(added)).toContain('ledger_transfers row id 999999 is not sealed');
  });

  it('compares with roots kept from chain/roots, and the command line exits 1 naming the row of a real edit', async () => {
    const roots = join(folder, 'roots.json');
    await writeFile(roots, JSON.stringify((await server.call('chain/roots', { days: 30 })).body));
    expect(verifyChainRows(clean, publishedRootsOf(JSON.parse(await readFile(roots, 'utf8')))).problems).toEqual([]);

    // Someone with the database's keys rewrites an entry behind the triggers' back.
    const [target] = await database.db.query<{ id: bigint }>('SELECT id FROM audit_log WHERE chain_seq = 4');
    await database.db.transaction(async (tx) => {
      await tx.query('ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only');
      await tx.query("UPDATE audit_log SET reason = 'rewritten' WHERE chain_seq = 4");
      await tx.query('ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only');
    });
    const tampered = await dump('tampered');
    const named = `audit_log row id ${target!.id} (chain_seq 4)`;
    if (testEngine === 'pglite') {
      // Restoring a data directory costs seconds: the command line's own run is tested on PostgreSQL's SQL dump.
      expect((await verifyDumpFile(tampered, { rootsFile: roots })).problems[0]).toContain(named);
      return;
    }
    expect(await readFile(tampered, 'utf8')).toContain('rewritten');
    const run = promisify(execFile)('npx', ['tsx', 'scripts/verify-chain.ts', tampered, '--roots', roots], { cwd: process.cwd() });
    const failure = await run.then(() => null, (error: { code: number; stderr: string }) => error);
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain(named);
  }, 120_000);
});

import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { istDay } from '../../contract/calendarDays.ts';
import { apiBasePath } from '../../contract/envelope.ts';
import { openTestDatabase, type TestDatabase } from '../testing/testDatabase.ts';
import { startTestServer, type TestServer } from '../testing/testServer.ts';
import { fundUser, registerAndLogIn, type TestUser } from '../testing/userKit.ts';
import { ephemeralStatementSigner, parsePublicKey, verifyStatementFile } from './signing.ts';
import { pdfRowCells, pdfSafeText } from './statementPdf.ts';

// Signed statements: the CSV and the PDF each end with an Ed25519 signature line that checks
// offline against the public key the server publishes; one changed byte breaks it.

const signer = ephemeralStatementSigner();
let database: TestDatabase;
let server: TestServer;
let user: TestUser;
let folder: string;

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startTestServer(database.db, { statementSigner: signer });
  await database.db.query("INSERT INTO institutions (name, kind) VALUES ('Sign desk', 'institution')");
  await database.db.query("INSERT INTO invitation_codes (code, institution_id) SELECT 'SIGN1', id FROM institutions WHERE name = 'Sign desk'");
  user = await registerAndLogIn(database.db, server, '9811111111', 'SIGN1');
  await fundUser(database.db, user.userId, 12_34_567n);
  folder = await mkdtemp(join(tmpdir(), 'ledgerline-statements-'));
}, 180_000);

afterAll(async () => {
  await server?.close();
  await database?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

const download = async (format: 'csv' | 'pdf', lang = 'en') => {
  const today = istDay(Date.now());
  const response = await server.app.http.inject({ method: 'GET', url: `${apiBasePath}user/statement.${format}?from=${today}&to=${today}&lang=${lang}`, headers: user.session });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
};

describe('statement signatures', () => {
  it('round-trips, and any changed byte or another key fails', () => {
    const file = signer.signFile(Buffer.from('date_ist,change\n2026-01-01 10:00:00,100.00\n'), '# ');
    const key = parsePublicKey(signer.publicKeyPem);
    expect(verifyStatementFile(file, key)).toEqual({ ok: true });
    for (const at of [0, 20, file.length - 10]) {
      const changed = Buffer.from(file);
      changed[at] = changed[at]! ^ 0x01;
      expect(verifyStatementFile(changed, key).ok).toBe(false);
    }
    expect(verifyStatementFile(file, parsePublicKey(ephemeralStatementSigner().publicKeyPem)).ok).toBe(false);
    const body = Buffer.from('plain bytes');
    expect(verifyStatementFile(body, key, signer.signature(body))).toEqual({ ok: true });
  });

  it('serves the CSV signed, in the reader language, its rows unchanged for a CSV reader that skips comment lines', async () => {
    const csv = await download('csv', 'ko');
    expect(verifyStatementFile(csv, parsePublicKey(signer.publicKeyPem))).toEqual({ ok: true });
    const lines = csv.toString('utf8').trimEnd().split('\n');
    expect(lines.at(-1)).toMatch(/^# ledgerline-signature ed25519 [A-Za-z0-9+/=]{88}$/);
    const rows = parse(csv, { columns: true, comment: '#', comment_no_infix: true }) as Record<string, string>[];
    expect(rows.at(-1)).toMatchObject({ kind: 'closing_balance', balance: '1234567.00', currency: 'INR' });
  });

  it('serves a signed PDF whose lines group rupees in lakh and crore; the command line checks it and refuses a changed byte', async () => {
    const pdf = await download('pdf');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(verifyStatementFile(pdf, parsePublicKey(signer.publicKeyPem))).toEqual({ ok: true });
    const keyFile = join(folder, 'key.pem');
    const pdfFile = join(folder, 'statement.pdf');
    const changedFile = join(folder, 'changed.pdf');
    await writeFile(keyFile, (await server.call('statement/publicKey', {})).body.data.public_key_pem);
    await writeFile(pdfFile, pdf);
    const changed = Buffer.from(pdf);
    changed[200] = changed[200]! ^ 0x20;
    await writeFile(changedFile, changed);
    const run = promisify(execFile);
    const verifyScript = ['tsx', 'scripts/verify-statement.ts'];
    expect((await run('npx', [...verifyScript, pdfFile, '--key', keyFile])).stdout).toContain('signature valid');
    const failure = await run('npx', [...verifyScript, changedFile, '--key', keyFile]).then(() => null, (error: { code: number; stderr: string }) => error);
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain('INVALID');
  }, 120_000);

  it('publishes the public key and its fingerprint', async () => {
    const answer = await server.call('statement/publicKey', {});
    expect(answer.body.data).toEqual({ public_key_pem: signer.publicKeyPem, fingerprint: signer.fingerprint });
    expect(signer.fingerprint).toMatch(/^([0-9a-f]{4} ){15}[0-9a-f]{4}$/);
  });

  it('keeps PDF text to what the standard fonts draw, rupees grouped in lakh and crore', () => {
    expect(pdfSafeText('₹12,34,567.00 — 입금')).toBe('Rs 12,34,567.00 - ??');
    const cells = pdfRowCells({ time: '2026-01-02 10:00:00', transferId: '7', kind: 'deposit', reason: 'Deposit of ₹12,34,567.00 received', change: 123456700n, balance: 1234567800n, currency: 'INR' });
    expect(cells).toEqual(['2026-01-02 10:00:00', '7', 'Deposit of Rs 12,34,567.00 received', '12,34,567.00', '1,23,45,678.00', 'INR']);
  });
});

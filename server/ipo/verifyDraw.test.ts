// verify-draw re-runs a published draw from its three files alone: it reproduces the winners
// of an untouched draw and fails loudly, naming what does not match, when the application list,
// the server seed, the public value or the result has been changed, even when whoever changed
// it also rewrote the digests in draw.json.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationListOf } from './applicationList.ts';
import { pseudonymOf, sha256 } from './draw.ts';
import { drawFilePathsIn, type PublishedDraw, publishDraw, readDrawFiles } from './drawFiles.ts';
import { verifyDraw } from './verifyDraw.ts';

const script = fileURLToPath(new URL('../../scripts/verify-draw.ts', import.meta.url));
const serverSeed = Buffer.from('6a1f0c9e2b7d44a8915e3c0f7d2b6a48e1c5f9a0b3d7e2c4f6a8b0d2e4f6a8c0', 'hex');
let root: string;
let published: PublishedDraw;

/** A copy of the published draw, changed by `edit`, in its own directory. */
function tampered(name: string, edit: (paths: ReturnType<typeof drawFilePathsIn>) => void): string {
  const directory = join(root, name);
  cpSync(published.paths.record.replace(/draw\.json$/, ''), directory, { recursive: true });
  edit(drawFilePathsIn(directory));
  return directory;
}

function editRecord(path: string, change: (record: Record<string, unknown>) => void): void {
  const record = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  change(record);
  writeFileSync(path, `${JSON.stringify(record, null, 2)}\n`);
}

const verifyIn = (directory: string) => verifyDraw(readDrawFiles(drawFilePathsIn(directory)));
const run = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', script, ...args], { encoding: 'utf8' });

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'verify-draw-'));
  // 400 applicants asking for 1–5 lots, 150 retail lots: oversubscribed, 150 winners.
  const applications = Array.from({ length: 400 }, (_, index) => ({ pseudonym: pseudonymOf('ipo42', String(1000 + index), serverSeed), lots: 1 + ((index * 7) % 5) }));
  published = publishDraw(join(root, 'published'), {
    issueId: 'ipo42', lotSize: 27, retailShares: 27 * 150 + 13, serverSeed, publicValue: '26068.15', publicValueSource: 'NIFTY 50 close on 20 Nov 2026 (NSE)',
    applications: applicationListOf(applications),
  });
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('verify-draw', () => {
  it('reproduces-a-published-draw-and-prints-its-winners', () => {
    expect(published.record).toMatchObject({ applications: 400, retail_lots: 150, oversubscribed: true, winners: 150, lots_allotted: 150 });
    const directory = join(root, 'published');
    const byDirectory = run(directory);
    expect(byDirectory.stderr).toBe('');
    expect(byDirectory.status).toBe(0);
    expect(byDirectory.stdout).toMatch(/verified\n$/);
    const result = readFileSync(join(directory, 'result.csv'), 'latin1').split('\n');
    const [, firstPseudonym] = result[1]!.split(',');
    expect(byDirectory.stdout).toContain(`         1  ${firstPseudonym}`);
    expect(byDirectory.stdout).toContain('… and 130 more winners');
    const byFiles = run(join(directory, 'draw.json'), join(directory, 'applications.csv'), join(directory, 'result.csv'), '--all');
    expect(byFiles.status).toBe(0);
    expect(byFiles.stdout.split('\n').filter((line) => /^ +\d+ {2}[0-9a-f]{64} /.test(line))).toHaveLength(150);
  });

  it('rejects-a-changed-application-list', () => {
    const directory = tampered('more-lots', ({ applications }) => {
      const lines = readFileSync(applications, 'latin1').split('\n');
      lines[5] = lines[5]!.replace(/,(\d+)$/, (_, lots: string) => `,${lots === '5' ? 4 : 5}`);
      writeFileSync(applications, lines.join('\n'));
    });
    const outcome = run(directory);
    expect(outcome.status).toBe(1);
    expect(outcome.stderr).toMatch(/^NOT VERIFIED \(applications_changed\): the application list changed: SHA-256\(applications.csv\) is [0-9a-f]{64}, but draw.json says/);
  });

  it('rejects-a-changed-application-list-even-with-its-new-digest', () => {
    const directory = tampered('more-lots-new-digest', ({ applications, record }) => {
      const lines = readFileSync(applications, 'latin1').split('\n');
      lines.splice(7, 1);
      writeFileSync(applications, lines.join('\n'));
      editRecord(record, (fields) => { fields.applications_digest = sha256(readFileSync(applications)).toString('hex'); });
    });
    expect(verifyIn(directory)).toMatchObject({ ok: false, problem: 'seed_mismatch' });
  });

  it('rejects-a-server-seed-that-does-not-match-the-commitment', () => {
    const directory = tampered('other-seed', ({ record }) => editRecord(record, (fields) => { fields.server_seed = `00${String(fields.server_seed).slice(2)}`; }));
    const outcome = run(directory);
    expect(outcome.status).toBe(1);
    expect(outcome.stderr).toMatch(/\(commitment_mismatch\): the server seed does not match the commitment/);
    const otherCommitment = tampered('other-commitment', ({ record }) => editRecord(record, (fields) => { fields.commitment = sha256(Buffer.alloc(32)).toString('hex'); }));
    expect(verifyIn(otherCommitment)).toMatchObject({ ok: false, problem: 'commitment_mismatch' });
  });

  it('rejects-a-changed-public-value-or-seed', () => {
    const value = tampered('other-public-value', ({ record }) => editRecord(record, (fields) => { fields.public_value = '26068.16'; }));
    expect(verifyIn(value)).toMatchObject({ ok: false, problem: 'seed_mismatch', message: expect.stringContaining('"26068.16"') });
    const seed = tampered('other-seed-field', ({ record }) => editRecord(record, (fields) => { fields.seed = sha256(Buffer.from('steered')).toString('hex'); }));
    expect(verifyIn(seed)).toMatchObject({ ok: false, problem: 'seed_mismatch' });
  });

  it('rejects-a-changed-result-file-naming-the-first-differing-rank', () => {
    const directory = tampered('swapped-winners', ({ result, record }) => {
      const lines = readFileSync(result, 'latin1').split('\n');
      // Ranks 3 and 4 swap places (their rank numbers kept), and the digest is rewritten to match.
      const [third, fourth] = [lines[3]!.split(','), lines[4]!.split(',')];
      lines[3] = ['3', ...fourth.slice(1)].join(',');
      lines[4] = ['4', ...third.slice(1)].join(',');
      writeFileSync(result, lines.join('\n'));
      editRecord(record, (fields) => { fields.result_digest = sha256(readFileSync(result)).toString('hex'); });
    });
    const outcome = run(directory);
    expect(outcome.status).toBe(1);
    expect(outcome.stderr).toMatch(/\(result_differs\): the result differs at rank 3: the draw gives "3,[0-9a-f]{64},\d,\d", result.csv has "3,/);
    const truncated = tampered('truncated-result', ({ result }) => {
      const text = readFileSync(result, 'latin1');
      writeFileSync(result, text.slice(0, text.lastIndexOf('\n', text.length - 2) + 1));
    });
    expect(verifyIn(truncated)).toMatchObject({ ok: false, problem: 'result_differs', message: expect.stringContaining('at rank 150') });
  });

  it('rejects-totals-in-draw-json-the-files-do-not-give', () => {
    const directory = tampered('more-winners', ({ record }) => editRecord(record, (fields) => { fields.winners = 151; }));
    expect(verifyIn(directory)).toMatchObject({ ok: false, problem: 'record_totals_differ', message: expect.stringContaining("draw.json's winners is 151") });
  });

  it('rejects-an-application-list-that-is-not-canonical', () => {
    const directory = tampered('crlf', ({ applications, record }) => {
      writeFileSync(applications, readFileSync(applications, 'latin1').replaceAll('\n', '\r\n'));
      editRecord(record, (fields) => { fields.applications_digest = sha256(readFileSync(applications)).toString('hex'); });
    });
    expect(verifyIn(directory)).toMatchObject({ ok: false, problem: 'applications_not_canonical', message: expect.stringContaining('line 1') });
  });

  it('explains-unusable-arguments', () => {
    const outcome = run(join(root, 'missing'));
    expect(outcome.status).toBe(2);
    expect(outcome.stderr).toContain('give a directory holding draw.json, applications.csv and result.csv');
  });
});

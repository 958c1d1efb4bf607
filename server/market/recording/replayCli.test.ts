// The documented command, as checks outside the project call it: several bar files, a span
// of days, an output path; it writes a recording of exactly those days, merged by time,
// and refuses a file out of time order naming the file and line.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { istDayStartOf } from '../../../contract/calendar.ts';
import { openRecording, type RecordedFrame } from './format.ts';
import { convertMinuteBars } from './convertMinuteBars.ts';
import { paiseOfRupeeText } from './minuteBarCsv.ts';

const run = promisify(execFile);
const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));
const workDir = mkdtempSync(join(tmpdir(), 'ledgerline-replay-cli-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

const header = 'timestamp,symbol,open,high,low,close,volume';
function csv(name: string, rows: string[]): string {
  const path = join(workDir, name);
  writeFileSync(path, `${header}\n${rows.join('\n')}\n`);
  return path;
}

// Three days (Friday, Monday, Tuesday); the command keeps Friday and Monday.
const stocks = csv('a.csv', [
  '2025-10-16T15:29:00+05:30,RELIANCE,1380.00,1381.00,1379.50,1380.50,900',
  '2025-10-17T09:15:00+05:30,RELIANCE,1381.00,1384.00,1380.00,1383.00,1000',
  '2025-10-17T09:16:00+05:30,RELIANCE,1383.00,1383.00,1381.05,1381.10,400',
  '2025-10-20T09:15:00+05:30,RELIANCE,1390.00,1391.00,1388.00,1389.00,700',
  '2025-10-20T09:15:00+05:30,ZZUNLISTED,12.35,12.40,12.30,12.40,5000',
  '2025-10-21T09:15:00+05:30,RELIANCE,1400.00,1400.00,1400.00,1400.00,1',
]);
const index = csv('b.csv', [
  '2025-10-17T09:07:00+05:30,NIFTY50,25580.10,25580.10,25580.10,25580.10,0',
  '2025-10-17T09:15:00+05:30,NIFTY50,25585.00,25590.00,25570.00,25575.25,0',
  '2025-10-20T09:07:00+05:30,NIFTY50,25600.00,25600.00,25600.00,25600.00,0',
]);

async function readAll(path: string): Promise<{ header: Awaited<ReturnType<typeof openRecording>>['header']; frames: RecordedFrame[] }> {
  const recording = await openRecording(path);
  const frames: RecordedFrame[] = [];
  for await (const frame of recording.frames) frames.push(frame);
  return { header: recording.header, frames };
}

describe('scripts/replay-nse.ts', () => {
  it('converts several files over a span of days into one recording', async () => {
    const out = join(workDir, 'out.jsonl.gz');
    const { stdout } = await run('npx', ['tsx', 'scripts/replay-nse.ts', '--bars', stocks, '--bars', index, '--from', '2025-10-17', '--to', '2025-10-20', '--out', out], { cwd: repositoryRoot });
    expect(stdout).toMatch(/2 sessions, 2025-10-17 to 2025-10-20, 3 instruments/);
    expect(stdout).toMatch(/unlisted: ZZUNLISTED/);

    const { header, frames } = await readAll(out);
    expect(header).toMatchObject({ date: '2025-10-17', lastDate: '2025-10-20', calendar: 'ist', startedAt: Date.parse('2025-10-17T09:07:00+05:30') });
    expect(header.instruments.map((spec) => [spec.code, spec.kind, spec.name])).toEqual([
      ['NIFTY50', 'index', 'NIFTY 50'],
      ['RELIANCE', 'equity', 'Reliance Industries Limited'],
      ['ZZUNLISTED', 'equity', 'ZZUNLISTED (unlisted)'],
    ]);
    // RELIANCE's first prevClose is Thursday's close, read but not replayed.
    expect(header.initial.find((quote) => quote[0] === 'RELIANCE')).toEqual(['RELIANCE', 138050, 0, 138050, 0, 0, 0, 0, 0, 0]);

    const times = frames.flatMap(([, quotes]) => quotes.map((quote) => quote[8]));
    expect(Math.min(...times)).toBe(Date.parse('2025-10-17T09:07:00+05:30'));
    expect(Math.max(...times)).toBe(Date.parse('2025-10-20T09:15:45+05:30'));
    // Monday follows Friday's last frame (09:16:45) after the session gap, not after a weekend.
    const mondayFirst = frames.find(([, quotes]) => quotes.some((quote) => quote[8] >= istDayStartOf('2025-10-20')))!;
    expect(mondayFirst[0]).toBe(9 * 60_000 + 45_000 + 60_000);
    const last = new Map(frames.flatMap(([, quotes]) => quotes.map((quote) => [quote[0], quote] as const)));
    // Monday's RELIANCE: a new day (open, volume reset), prevClose = Friday's close.
    expect(last.get('RELIANCE')!.slice(1, 7)).toEqual([138900, 139000, 138110, 139100, 138800, 700]);
  }, 30_000);

  it('refuses a file out of time order, naming the file and the line', async () => {
    const shuffled = csv('shuffled.csv', ['2025-10-17T09:16:00+05:30,TCS,3000.00,3000.00,3000.00,3000.00,1', '2025-10-17T09:15:00+05:30,TCS,3000.00,3000.00,3000.00,3000.00,1']);
    await expect(convertMinuteBars({ files: [stocks, shuffled], outPath: join(workDir, 'bad.jsonl.gz') })).rejects.toThrow(/shuffled\.csv:3: .*time order/);
    const duplicate = csv('duplicate.csv', ['2025-10-17T09:15:00+05:30,RELIANCE,1.00,1.00,1.00,1.00,1']);
    await expect(convertMinuteBars({ files: [stocks, duplicate], outPath: join(workDir, 'bad.jsonl.gz') })).rejects.toThrow(/duplicate\.csv:2: a second RELIANCE bar/);
    const offset = csv('utc.csv', ['2025-10-17T03:45:00Z,TCS,3000.00,3000.00,3000.00,3000.00,1']);
    await expect(convertMinuteBars({ files: [offset], outPath: join(workDir, 'bad.jsonl.gz') })).rejects.toThrow(/utc\.csv:2: timestamp .* \+05:30/);
  });

  it('reads rupee prices to the paisa without a float, and nothing finer', () => {
    expect(['1136.75', '290', '10881.7', ' 12.50 ', '1136.7500', '0.05'].map(paiseOfRupeeText)).toEqual([113675, 29000, 1088170, 1250, 113675, 5]);
    for (const bad of ['', '.5', '12.', '12.345', '-3.00', '1e3', '12,50', '99999999999999.00']) expect(paiseOfRupeeText(bad), bad).toBe(-1);
  });
});

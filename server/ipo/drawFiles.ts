// The three published files of a draw and where they live on disk:
//
//   draw.json          the terms, the commitment, the revealed server seed, the public value, the
//                      seed, both file digests, the totals and the algorithm's name and version
//   applications.csv   the pseudonymised application list (drawText.ts)
//   result.csv         the winners in rank order with their lots (drawText.ts)
//
// Everything needed to re-run the draw is in these files and docs/ipo-draw.md; nothing else.
import { closeSync, mkdirSync, openSync, readFileSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { drawAlgorithm, type DrawInput, type DrawResult, publicValueLengthMax, runDraw } from './draw.ts';
import { applicationsFileChunks, resultFileChunks } from './drawText.ts';

export const drawFileNames = { record: 'draw.json', applications: 'applications.csv', result: 'result.csv' } as const;

export class DrawFileError extends Error {
  override readonly name = 'DrawFileError';
}

const digestHex = z.string().regex(/^[0-9a-f]{64}$/, 'expected 64 lowercase hex digits');
const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const drawRecordSchema = z.strictObject({
  algorithm: z.strictObject({ name: z.literal(drawAlgorithm.name), version: z.literal(drawAlgorithm.version) }),
  issue_id: z.string().regex(/^[0-9A-Za-z_-]{1,64}$/),
  lot_size: count.min(1),
  retail_shares: count,
  commitment: digestHex,
  server_seed: digestHex,
  public_value: z.string().min(1).max(publicValueLengthMax),
  /** Where the public value comes from, in words (“NIFTY 50 close on 20 Nov 2026, NSE”): not hashed. */
  public_value_source: z.string().max(200).optional(),
  applications_digest: digestHex,
  seed: digestHex,
  result_digest: digestHex,
  applications: count,
  lots_applied: count,
  retail_lots: count,
  oversubscribed: z.boolean(),
  winners: count,
  lots_allotted: count,
});

export type DrawRecord = z.infer<typeof drawRecordSchema>;

export function drawRecordOf(input: DrawInput & { publicValueSource?: string }, result: DrawResult): DrawRecord {
  const { allotment } = result;
  return {
    algorithm: { ...drawAlgorithm },
    issue_id: input.issueId,
    lot_size: input.lotSize,
    retail_shares: input.retailShares,
    commitment: result.commitment,
    server_seed: Buffer.from(input.serverSeed).toString('hex'),
    public_value: input.publicValue,
    ...(input.publicValueSource === undefined ? {} : { public_value_source: input.publicValueSource }),
    applications_digest: result.applicationsDigest.toString('hex'),
    seed: result.seed.toString('hex'),
    result_digest: result.resultDigest.toString('hex'),
    applications: input.applications.count,
    lots_applied: allotment.lotsApplied,
    retail_lots: allotment.retailLots,
    oversubscribed: allotment.oversubscribed,
    winners: allotment.winners,
    lots_allotted: allotment.lotsAllotted,
  };
}

export const renderDrawRecord = (record: DrawRecord): string => `${JSON.stringify(record, null, 2)}\n`;

export function parseDrawRecord(text: string): DrawRecord {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new DrawFileError(`draw.json is not JSON: ${(error as Error).message}`);
  }
  const parsed = drawRecordSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new DrawFileError(`draw.json is not a draw record: ${issue.path.join('.') || '(top level)'}: ${issue.message}`);
  }
  return parsed.data;
}

function writeChunks(path: string, chunks: Iterable<Uint8Array>): void {
  const file = openSync(path, 'w');
  try {
    for (const chunk of chunks) {
      for (let written = 0; written < chunk.length;) written += writeSync(file, chunk, written);
    }
  } finally {
    closeSync(file);
  }
}

export interface PublishedDraw {
  record: DrawRecord;
  result: DrawResult;
  paths: DrawFilePaths;
}

/** Runs the draw and writes its three files into `directory` (created if missing). */
export function publishDraw(directory: string, input: DrawInput & { publicValueSource?: string }): PublishedDraw {
  const result = runDraw(input);
  const record = drawRecordOf(input, result);
  mkdirSync(directory, { recursive: true });
  const paths = drawFilePathsIn(directory);
  writeChunks(paths.applications, applicationsFileChunks(input.applications));
  writeChunks(paths.result, resultFileChunks(input.applications, result.ranked, result.allotment));
  writeChunks(paths.record, [Buffer.from(renderDrawRecord(record), 'utf8')]);
  return { record, result, paths };
}

export interface DrawFilePaths {
  record: string;
  applications: string;
  result: string;
}

export const drawFilePathsIn = (directory: string): DrawFilePaths => ({
  record: join(directory, drawFileNames.record),
  applications: join(directory, drawFileNames.applications),
  result: join(directory, drawFileNames.result),
});

/** verify-draw's arguments: one directory holding the three files, or the three files in order. */
export function drawFilePathsOf(args: readonly string[]): DrawFilePaths {
  if (args.length === 1 && isDirectory(args[0]!)) return drawFilePathsIn(args[0]!);
  if (args.length === 3) return { record: args[0]!, applications: args[1]!, result: args[2]! };
  throw new DrawFileError('give a directory holding draw.json, applications.csv and result.csv, or those three files in that order');
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

export interface DrawFiles {
  record: string;
  applications: Buffer;
  result: Buffer;
}

export function readDrawFiles(paths: DrawFilePaths): DrawFiles {
  const read = (path: string): Buffer => {
    try {
      return readFileSync(path);
    } catch (error) {
      throw new DrawFileError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
  };
  return { record: read(paths.record).toString('utf8'), applications: read(paths.applications), result: read(paths.result) };
}

// Re-running a published draw from its three files alone, and saying exactly what does not
// match. The checks run in the order a reader would: is the revealed seed the committed one,
// is the application list the one the seed was made from, does the seed follow from the
// published inputs, and does the draw give the published result. The first failure is the answer.
import { type ApplicationList, ApplicationListError } from './applicationList.ts';
import { DrawInputError, type DrawResult, runDraw, sha256 } from './draw.ts';
import { type DrawFiles, DrawFileError, type DrawRecord, drawRecordOf, parseDrawRecord } from './drawFiles.ts';
import { firstDifferentLine, joinChunks, parseApplicationsFile, resultFileChunks } from './drawText.ts';

export type VerifyProblem =
  | 'record_invalid'
  | 'commitment_mismatch'
  | 'applications_changed'
  | 'applications_not_canonical'
  | 'seed_mismatch'
  | 'result_differs'
  | 'record_totals_differ';

export type VerifyOutcome =
  | { ok: true; record: DrawRecord; applications: ApplicationList; result: DrawResult }
  | { ok: false; problem: VerifyProblem; message: string };

const failed = (problem: VerifyProblem, message: string): VerifyOutcome => ({ ok: false, problem, message });

export function verifyDraw(files: DrawFiles): VerifyOutcome {
  let record: DrawRecord;
  try {
    record = parseDrawRecord(files.record);
  } catch (error) {
    if (error instanceof DrawFileError) return failed('record_invalid', error.message);
    throw error;
  }

  const serverSeed = Buffer.from(record.server_seed, 'hex');
  const committed = sha256(serverSeed).toString('hex');
  if (committed !== record.commitment) {
    return failed('commitment_mismatch', `the server seed does not match the commitment: SHA-256(server_seed) is ${committed}, but the commitment published at the opening is ${record.commitment}`);
  }

  const applicationsDigestBytes = sha256(files.applications);
  const applicationsDigest = applicationsDigestBytes.toString('hex');
  if (applicationsDigest !== record.applications_digest) {
    return failed('applications_changed', `the application list changed: SHA-256(applications.csv) is ${applicationsDigest}, but draw.json says the draw used ${record.applications_digest}`);
  }
  let applications: ApplicationList;
  try {
    applications = parseApplicationsFile(files.applications);
  } catch (error) {
    if (error instanceof ApplicationListError) return failed('applications_not_canonical', `the application list is not in its canonical form: ${error.message}`);
    throw error;
  }

  const input = {
    issueId: record.issue_id,
    lotSize: record.lot_size,
    retailShares: record.retail_shares,
    serverSeed,
    publicValue: record.public_value,
    applications,
  };
  let result: DrawResult;
  try {
    result = runDraw(input, applicationsDigestBytes);
  } catch (error) {
    if (error instanceof DrawInputError || error instanceof RangeError) return failed('record_invalid', `draw.json cannot be drawn: ${error.message}`);
    throw error;
  }
  const seed = result.seed.toString('hex');
  if (seed !== record.seed) {
    return failed('seed_mismatch', `the seed does not follow from the server seed, the application list and the public value "${record.public_value}": SHA-256(server_seed ‖ applications_digest ‖ public_value) is ${seed}, but draw.json says ${record.seed}`);
  }

  const expected = joinChunks(resultFileChunks(applications, result.ranked, result.allotment));
  const difference = firstDifferentLine(expected, files.result);
  if (difference) {
    const where = difference.line === 1 ? 'in its header' : `at rank ${difference.line - 1}`;
    return failed('result_differs', `the result differs ${where}: the draw gives ${difference.expected === null ? 'no such line' : `"${difference.expected}"`}, result.csv has ${difference.actual === null ? 'no such line' : `"${difference.actual}"`}`);
  }

  const recomputed = drawRecordOf({ ...input, ...(record.public_value_source === undefined ? {} : { publicValueSource: record.public_value_source }) }, result);
  const differing = (Object.keys(recomputed) as (keyof DrawRecord)[]).filter((key) => JSON.stringify(recomputed[key]) !== JSON.stringify(record[key]));
  if (differing.length > 0) {
    const key = differing[0]!;
    return failed('record_totals_differ', `draw.json's ${key} is ${JSON.stringify(record[key])}, but the files give ${JSON.stringify(recomputed[key])}`);
  }
  return { ok: true, record, applications, result };
}

// Re-runs a published IPO draw from its files alone and prints the winners.
//
//   npx tsx scripts/verify-draw.ts DIRECTORY                              (holding the three files)
//   npx tsx scripts/verify-draw.ts draw.json applications.csv result.csv
//   options: --show N   winners to print (default 20; 0 for none)   --all   print every winner
//
// Exit code 0 and "verified" when the files agree; 1 with a message naming what does not match
// (the server seed and the commitment, the application list and its digest, the seed and the
// public value, the first rank where the result differs); 2 for unusable arguments or files.
// The algorithm, step by step: docs/ipo-draw.md.
import { parseArgs } from 'node:util';
import { pseudonymAt } from '../server/ipo/applicationList.ts';
import { DrawFileError, drawFilePathsOf, readDrawFiles } from '../server/ipo/drawFiles.ts';
import { verifyDraw } from '../server/ipo/verifyDraw.ts';

const usage = `usage: npx tsx scripts/verify-draw.ts DIRECTORY | draw.json applications.csv result.csv [--show N] [--all]`;

const indian = new Intl.NumberFormat('en-IN');

function main(): number {
  let parsed;
  try {
    parsed = parseArgs({ allowPositionals: true, options: { show: { type: 'string', default: '20' }, all: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  if (parsed.values.help) {
    console.log(usage);
    return 0;
  }
  const show = parsed.values.all ? Infinity : Number.parseInt(parsed.values.show, 10);
  if (!Number.isInteger(show) && show !== Infinity) {
    console.error(`--show takes a whole number\n${usage}`);
    return 2;
  }
  let files;
  try {
    files = readDrawFiles(drawFilePathsOf(parsed.positionals));
  } catch (error) {
    if (!(error instanceof DrawFileError)) throw error;
    console.error(`${error.message}\n${usage}`);
    return 2;
  }

  const outcome = verifyDraw(files);
  if (!outcome.ok) {
    console.error(`NOT VERIFIED (${outcome.problem}): ${outcome.message}`);
    return 1;
  }
  const { record, applications, result } = outcome;
  const lines = [
    `IPO draw of issue ${record.issue_id} (${record.algorithm.name} v${record.algorithm.version})`,
    `  commitment    ${record.commitment} = SHA-256(server seed)`,
    `  applications  ${indian.format(record.applications)}, ${indian.format(record.lots_applied)} lots, SHA-256 ${record.applications_digest}`,
    `  public value  "${record.public_value}"${record.public_value_source ? ` (${record.public_value_source})` : ''}`,
    `  seed          ${record.seed}`,
    `  retail        ${indian.format(record.retail_shares)} shares = ${indian.format(record.retail_lots)} lots of ${indian.format(record.lot_size)}; ${record.oversubscribed ? 'oversubscribed: drawn by lottery' : 'not oversubscribed: every application gets what it applied for'}`,
    `  winners       ${indian.format(record.winners)}, ${indian.format(record.lots_allotted)} lots allotted; result SHA-256 ${record.result_digest}`,
  ];
  const shown = Math.min(show, result.ranked.length);
  if (shown > 0) {
    lines.push('', `  ${'rank'.padStart(10)}  ${'pseudonym'.padEnd(64)}  applied  allotted`);
    for (let rank = 1; rank <= shown; rank++) {
      const position = result.ranked[rank - 1]!;
      const { rankedLots, rankedAllotted } = result.allotment;
      lines.push(`  ${String(rank).padStart(10)}  ${pseudonymAt(applications, position)}  ${String(rankedLots[rank - 1]).padStart(7)}  ${String(rankedAllotted[rank - 1]).padStart(8)}`);
    }
    if (shown < result.ranked.length) lines.push(`  … and ${indian.format(result.ranked.length - shown)} more winners in result.csv (--all prints them)`);
  }
  lines.push('', 'verified');
  console.log(lines.join('\n'));
  return 0;
}

process.exitCode = main();

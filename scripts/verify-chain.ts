// Recomputes the audit log's chain, the ledger's sealed chain and every published daily root
// from a database dump, with no server running, and exits 1 naming the first bad row.
//   npx tsx scripts/verify-chain.ts backup.sql            (pg_dump plain SQL, PostgreSQL)
//   npx tsx scripts/verify-chain.ts backup.pglite.tar.gz  (PGlite's data directory dump)
//   npx tsx scripts/verify-chain.ts backup.sql --roots roots.json   (also compare with roots kept from chain/roots)
// See docs/backups.md and docs/statements.md.
import { parseArgs } from 'node:util';
import { verifyDumpFile } from '../server/chain/verifyDump.ts';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { roots: { type: 'string' } } });
const [dumpFile] = positionals;
if (!dumpFile) {
  console.error('usage: npx tsx scripts/verify-chain.ts <dump.sql | dump.tar.gz> [--roots roots.json]');
  process.exit(2);
}
const report = await verifyDumpFile(dumpFile, { rootsFile: values.roots });
if (report.problems.length > 0) {
  console.error(`chain broken: ${report.problems[0]}`);
  for (const problem of report.problems.slice(1)) console.error(`  also: ${problem}`);
  process.exit(1);
}
console.log(`chain intact: ${report.auditEntries} audit entries, ${report.sealedTransfers} sealed transfers, ${report.rootsChecked} published roots checked`);

// Backs up the database the server uses (same DATABASE_URL / DATA_DIR), see docs/backups.md.
//   DATABASE_URL=postgres://… npx tsx scripts/backup.ts backup.sql        (pg_dump, plain SQL)
//   DATA_DIR=./data npx tsx scripts/backup.ts backup.pglite.tar.gz        (PGlite: stop the server first)
import { readConfig } from '../server/config.ts';
import { backupPglite, backupPostgres } from '../server/backup/backup.ts';

const [file] = process.argv.slice(2);
if (!file) {
  console.error('usage: npx tsx scripts/backup.ts <file>');
  process.exit(2);
}
const { database } = readConfig();
if (database.engine === 'postgres') await backupPostgres(database.url, file);
else await backupPglite(database.dataDir!, file);
console.log(`backed up to ${file}; check it with: npx tsx scripts/verify-chain.ts ${file}`);

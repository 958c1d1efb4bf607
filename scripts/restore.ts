// Restores a backup into an EMPTY database (see docs/backups.md); the server migrates it on start.
//   DATABASE_URL=postgres://…/fresh npx tsx scripts/restore.ts backup.sql
//   DATA_DIR=./restored npx tsx scripts/restore.ts backup.pglite.tar.gz
import { readConfig } from '../server/config.ts';
import { restorePglite, restorePostgres } from '../server/backup/backup.ts';

const [file] = process.argv.slice(2);
if (!file) {
  console.error('usage: npx tsx scripts/restore.ts <file>');
  process.exit(2);
}
const { database } = readConfig();
if (database.engine === 'postgres') await restorePostgres(database.url, file);
else await restorePglite(file, database.dataDir!);
console.log('restored');

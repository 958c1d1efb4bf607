// Staff tool: adds one news item to the database the server uses (same DATABASE_URL /
// DATA_DIR settings). Items are never edited afterwards; publish a correction instead.
//   npx tsx scripts/add-news.ts --title "..." --summary "..." --body "..." [--source Desk] [--codes TCS,INFY] --staff alice
import { parseArgs } from 'node:util';
import { readConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/open.ts';
import { addNews } from '../server/news/news.ts';

const { values } = parseArgs({
  options: {
    title: { type: 'string' },
    summary: { type: 'string', default: '' },
    body: { type: 'string', default: '' },
    source: { type: 'string', default: 'Ledgerline desk' },
    codes: { type: 'string', default: '' },
    staff: { type: 'string' },
  },
});
if (!values.title || !values.staff) {
  console.error('usage: add-news --title TEXT --staff NAME [--summary TEXT] [--body TEXT] [--source TEXT] [--codes A,B]');
  process.exit(2);
}
const db = await openDatabase(readConfig().database);
try {
  const codes = values.codes.split(',').map((code) => code.trim().toUpperCase()).filter(Boolean);
  const id = await addNews(db, { title: values.title, summary: values.summary, body: values.body, source: values.source, codes, createdBy: values.staff });
  console.log(`news item ${id} added`);
} finally {
  await db.close();
}

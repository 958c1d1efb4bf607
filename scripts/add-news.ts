// Staff tool: adds one news item to the database the server uses (same DATABASE_URL /
// DATA_DIR settings), or one translation of an item already published. Items and their
// translations are never edited afterwards; publish a correction instead.
//   npx tsx scripts/add-news.ts --title "..." --summary "..." --body "..." [--source Desk] [--codes TCS,INFY] --staff alice
//   npx tsx scripts/add-news.ts --translates 42 --lang ko|tw --title "..." --summary "..." --body "..." --staff alice
import { parseArgs } from 'node:util';
import { readConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/open.ts';
import { addNews, addNewsTranslation, type NewsTranslationLanguage } from '../server/news/news.ts';

const { values } = parseArgs({
  options: {
    title: { type: 'string' },
    summary: { type: 'string', default: '' },
    body: { type: 'string', default: '' },
    source: { type: 'string', default: 'Ledgerline desk' },
    codes: { type: 'string', default: '' },
    staff: { type: 'string' },
    translates: { type: 'string' },
    lang: { type: 'string' },
  },
});
const translationLanguages: readonly NewsTranslationLanguage[] = ['tw', 'ko'];
const translationLanguage = translationLanguages.find((lang) => lang === values.lang);
const translationAsked = values.translates !== undefined || values.lang !== undefined;
if (!values.title || !values.staff || (translationAsked && (!/^\d{1,18}$/.test(values.translates ?? '') || !translationLanguage))) {
  console.error('usage: add-news --title TEXT --staff NAME [--summary TEXT] [--body TEXT] [--source TEXT] [--codes A,B]');
  console.error('       add-news --translates NEWS_ID --lang tw|ko --title TEXT --staff NAME [--summary TEXT] [--body TEXT]');
  process.exit(2);
}
const db = await openDatabase(readConfig().database);
try {
  const text = { title: values.title, summary: values.summary, body: values.body };
  if (translationAsked) {
    const added = await addNewsTranslation(db, values.translates!, translationLanguage!, text, values.staff);
    console.log(added ? `news item ${values.translates} translated (${translationLanguage})` : `news item ${values.translates} already has a ${translationLanguage} translation; nothing changed`);
  } else {
    const codes = values.codes.split(',').map((code) => code.trim().toUpperCase()).filter(Boolean);
    const id = await addNews(db, { ...text, source: values.source, codes, createdBy: values.staff });
    console.log(`news item ${id} added`);
  }
} finally {
  await db.close();
}

import type { ReaderLanguage } from '../../contract/language.ts';
import type { Sql } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';

// Stored news. Items are written by staff in the back office (newsAdmin.ts: written in the three
// languages, edited and unpublished there, every change audited) or added by scripts/add-news.ts.
// An item is written in English; its translations give the reader their own language, and a
// reader whose language an item has no translation for reads the English. Unpublished items are
// not read here at all.

export const newsPageSize = 20;

/** The languages an item may be translated into (English is the item itself). */
export type NewsTranslationLanguage = Exclude<ReaderLanguage, 'en'>;
export type NewsText = { title: string; summary: string; body: string };

type NewsRow = {
  id: bigint;
  lang: ReaderLanguage;
  title: string;
  summary: string;
  body: string;
  source: string;
  codes: string[];
  published_at: Date;
};

// The reader's translation where there is one, the English original otherwise, field by field together.
const readerColumns = `n.id, COALESCE(t.lang, 'en') AS lang, COALESCE(t.title, n.title) AS title, COALESCE(t.summary, n.summary) AS summary, n.source, n.codes, n.published_at`;
const inReaderLanguage = 'news_items n LEFT JOIN news_item_translations t ON t.news_id = n.id AND t.lang = $1';

function toItem(row: Omit<NewsRow, 'body'>) {
  return {
    id: row.id.toString(),
    lang: row.lang,
    title: row.title,
    summary: row.summary,
    source: row.source,
    published_at: new Date(row.published_at).toISOString(),
    codes: row.codes,
  };
}

export async function listNews(sql: Sql, page: number, lang: ReaderLanguage = 'en') {
  const rows = await sql.query<Omit<NewsRow, 'body'>>(
    `SELECT ${readerColumns} FROM ${inReaderLanguage} WHERE n.unpublished_at IS NULL ORDER BY n.published_at DESC, n.id DESC LIMIT $2 OFFSET $3`,
    [lang, newsPageSize, (page - 1) * newsPageSize],
  );
  return rows.map(toItem);
}

export async function newsDetail(sql: Sql, id: string, lang: ReaderLanguage = 'en') {
  const [row] = await sql.query<NewsRow>(`SELECT ${readerColumns}, COALESCE(t.body, n.body) AS body FROM ${inReaderLanguage} WHERE n.id = $2 AND n.unpublished_at IS NULL`, [lang, id]);
  if (!row) refuse('not_found');
  return { ...toItem(row), body: row.body };
}

export interface NewNewsItem extends NewsText {
  source: string;
  codes?: readonly string[];
  publishedAt?: Date;
  createdBy: string;
  /** The same item in the app's other languages. */
  translations?: Partial<Record<NewsTranslationLanguage, NewsText>>;
}

export async function addNews(sql: Sql, item: NewNewsItem): Promise<string> {
  const [row] = await sql.query<{ id: bigint }>(
    `INSERT INTO news_items (title, summary, body, source, codes, published_at, created_by)
     VALUES ($1, $2, $3, $4, $5, COALESCE($6, now()), $7) RETURNING id`,
    [item.title, item.summary, item.body, item.source, item.codes ?? [], item.publishedAt ?? null, item.createdBy],
  );
  const id = row!.id.toString();
  for (const [lang, text] of Object.entries(item.translations ?? {}) as [NewsTranslationLanguage, NewsText][]) {
    await addNewsTranslation(sql, id, lang, text, item.createdBy);
  }
  return id;
}

/** Adds an item's text in one more language; a language it already has is left as it is (false). */
export async function addNewsTranslation(sql: Sql, newsId: string, lang: NewsTranslationLanguage, text: NewsText, createdBy: string): Promise<boolean> {
  const inserted = await sql.query(
    `INSERT INTO news_item_translations (news_id, lang, title, summary, body, created_by) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (news_id, lang) DO NOTHING RETURNING news_id`,
    [newsId, lang, text.title, text.summary, text.body, createdBy],
  );
  return inserted.length > 0;
}

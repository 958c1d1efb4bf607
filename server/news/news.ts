import type { Sql } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';

// Stored news. Items are added by staff (see scripts/add-news.ts) and never edited: a
// correction is a new item.

export const newsPageSize = 20;

type NewsRow = {
  id: bigint;
  title: string;
  summary: string;
  body: string;
  source: string;
  codes: string[];
  published_at: Date;
};

const listColumns = 'id, title, summary, source, codes, published_at';

function toItem(row: Omit<NewsRow, 'body'>) {
  return {
    id: row.id.toString(),
    title: row.title,
    summary: row.summary,
    source: row.source,
    published_at: new Date(row.published_at).toISOString(),
    codes: row.codes,
  };
}

export async function listNews(sql: Sql, page: number) {
  const rows = await sql.query<Omit<NewsRow, 'body'>>(
    `SELECT ${listColumns} FROM news_items ORDER BY published_at DESC, id DESC LIMIT $1 OFFSET $2`,
    [newsPageSize, (page - 1) * newsPageSize],
  );
  return rows.map(toItem);
}

export async function newsDetail(sql: Sql, id: string) {
  const [row] = await sql.query<NewsRow>(`SELECT ${listColumns}, body FROM news_items WHERE id = $1`, [id]);
  if (!row) refuse('not_found');
  return { ...toItem(row), body: row.body };
}

export interface NewNewsItem {
  title: string;
  summary: string;
  body: string;
  source: string;
  codes?: readonly string[];
  publishedAt?: Date;
  createdBy: string;
}

export async function addNews(sql: Sql, item: NewNewsItem): Promise<string> {
  const [row] = await sql.query<{ id: bigint }>(
    `INSERT INTO news_items (title, summary, body, source, codes, published_at, created_by)
     VALUES ($1, $2, $3, $4, $5, COALESCE($6, now()), $7) RETURNING id`,
    [item.title, item.summary, item.body, item.source, item.codes ?? [], item.publishedAt ?? null, item.createdBy],
  );
  return row!.id.toString();
}

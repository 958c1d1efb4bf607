import type { z } from 'zod';
import { listPageSize } from '../../contract/paging.ts';
import type { AdminNewsItem, newsSaveRequest, NewsTextForm, newsSetPublishedRequest } from '../../contract/siteContent.ts';
import { recordAudit } from '../audit/audit.ts';
import type { Database, Sql } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';
import type { StaffSession } from '../staff/staffSessions.ts';

// News as staff write it in the back office: an article in English, Traditional Chinese and Korean
// together (the editor previews it as readers will see it before it is saved), edited in place and
// unpublished or published again. Each change is one audit entry with the staff member's reason and
// the article before and after, in the transaction that makes the change.

type SaveForm = z.output<typeof newsSaveRequest>;
type ItemRow = { id: bigint; title: string; summary: string; body: string; source: string; codes: string[]; published_at: Date; unpublished_at: Date | null; updated_at: Date | null };
type TranslationRow = { news_id: bigint; lang: 'tw' | 'ko'; title: string; summary: string; body: string };

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);
const textOf = (row: { title: string; summary: string; body: string }): NewsTextForm => ({ title: row.title, summary: row.summary, body: row.body });

async function itemsWithTranslations(sql: Sql, rows: ItemRow[]): Promise<AdminNewsItem[]> {
  if (rows.length === 0) return [];
  const translations = await sql.query<TranslationRow>('SELECT news_id, lang, title, summary, body FROM news_item_translations WHERE news_id = ANY($1::bigint[])', [
    rows.map((row) => row.id.toString()),
  ]);
  return rows.map((row) => {
    const of = (lang: 'tw' | 'ko') => {
      const found = translations.find((t) => t.news_id === row.id && t.lang === lang);
      return found ? textOf(found) : null;
    };
    return {
      id: row.id.toString(),
      source: row.source,
      codes: row.codes,
      texts: { en: textOf(row), tw: of('tw'), ko: of('ko') },
      published_at: new Date(row.published_at).toISOString(),
      unpublished_at: iso(row.unpublished_at),
      updated_at: iso(row.updated_at),
    };
  });
}

const itemColumns = 'id, title, summary, body, source, codes, published_at, unpublished_at, updated_at';

/** Every article, published or not, newest first, with all its languages. */
export async function listNewsForStaff(sql: Sql, page: number) {
  const rows = await sql.query<ItemRow>(`SELECT ${itemColumns} FROM news_items ORDER BY published_at DESC, id DESC LIMIT $1 OFFSET $2`, [
    listPageSize,
    (page - 1) * listPageSize,
  ]);
  const [count] = await sql.query<{ total: bigint }>('SELECT count(*) AS total FROM news_items');
  return { items: await itemsWithTranslations(sql, rows), total: Number(count?.total ?? 0n), page, page_size: listPageSize };
}

async function articleOf(sql: Sql, id: string, lock = false): Promise<AdminNewsItem | null> {
  const rows = await sql.query<ItemRow>(`SELECT ${itemColumns} FROM news_items WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  const [item] = await itemsWithTranslations(sql, rows);
  return item ?? null;
}

/** The audit snapshot: what readers would see, without the dates. */
const snapshot = (item: AdminNewsItem) => ({ source: item.source, codes: item.codes, texts: item.texts, published: item.unpublished_at === null });

export async function saveNews(db: Database, staff: StaffSession, form: SaveForm): Promise<AdminNewsItem> {
  return db.transaction(async (tx) => {
    let id = form.id;
    const before = id ? await articleOf(tx, id, true) : null;
    if (id && !before) refuse('not_found');
    if (id) {
      await tx.query('UPDATE news_items SET title = $2, summary = $3, body = $4, source = $5, codes = $6, updated_at = now() WHERE id = $1', [
        id, form.texts.en.title, form.texts.en.summary, form.texts.en.body, form.source, form.codes,
      ]);
    } else {
      const [row] = await tx.query<{ id: bigint }>(
        'INSERT INTO news_items (title, summary, body, source, codes, created_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
        [form.texts.en.title, form.texts.en.summary, form.texts.en.body, form.source, form.codes, `staff:${staff.login}`],
      );
      id = row!.id.toString();
    }
    for (const lang of ['tw', 'ko'] as const) {
      const text = form.texts[lang];
      await tx.query(
        `INSERT INTO news_item_translations (news_id, lang, title, summary, body, created_by) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (news_id, lang) DO UPDATE SET title = EXCLUDED.title, summary = EXCLUDED.summary, body = EXCLUDED.body, updated_at = now()`,
        [id, lang, text.title, text.summary, text.body, `staff:${staff.login}`],
      );
    }
    const after = (await articleOf(tx, id))!;
    await recordAudit(tx, {
      staffId: staff.staffId, action: before ? 'news.edit' : 'news.create', subjectKind: 'news', subjectId: id, reason: form.reason,
      before: before ? snapshot(before) : null, after: snapshot(after),
    });
    return after;
  });
}

export async function setNewsPublished(db: Database, staff: StaffSession, form: z.output<typeof newsSetPublishedRequest>): Promise<AdminNewsItem> {
  return db.transaction(async (tx) => {
    const before = await articleOf(tx, form.id, true);
    if (!before) refuse('not_found');
    await tx.query(`UPDATE news_items SET unpublished_at = ${form.published ? 'NULL' : 'now()'}, updated_at = now() WHERE id = $1`, [form.id]);
    const after = (await articleOf(tx, form.id))!;
    await recordAudit(tx, {
      staffId: staff.staffId, action: form.published ? 'news.publish' : 'news.unpublish', subjectKind: 'news', subjectId: form.id, reason: form.reason,
      before: { published: before.unpublished_at === null }, after: { published: form.published },
    });
    return after;
  });
}

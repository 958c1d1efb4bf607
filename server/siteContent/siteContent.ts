import type { z } from 'zod';
import { type EditableSiteConfigName, siteLogoPath, type siteConfigUpdateRequest } from '../../contract/siteContent.ts';
import { recordAudit } from '../audit/audit.ts';
import type { Database, Sql } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';
import { cleanImage } from '../uploads/images.ts';

// The firm's own entries of site_config, edited by administrators in the back office. Each change
// is one audit entry (before and after) in the transaction that makes it; the app reads the
// entries through common/config. The logo is an uploaded image, checked and re-encoded like every
// upload (server/uploads/images.ts), kept in the database and served from /site/logo/<id>.

type ConfigRow = { name: string; value: string; updated_at: Date | null };
const toEntry = (row: ConfigRow) => ({ name: row.name, value: row.value, updated_at: row.updated_at ? new Date(row.updated_at).toISOString() : null });

export async function listSiteConfig(sql: Sql) {
  const rows = await sql.query<ConfigRow>('SELECT name, value, updated_at FROM site_config ORDER BY name');
  return rows.map(toEntry);
}

async function setEntry(db: Database, staffId: bigint, name: EditableSiteConfigName | 'logo', value: string, reason: string, action: 'site.update' | 'site.set_logo') {
  return db.transaction(async (tx) => {
    const [before] = await tx.query<{ value: string }>('SELECT value FROM site_config WHERE name = $1 FOR UPDATE', [name]);
    const [row] = await tx.query<ConfigRow>(
      `INSERT INTO site_config (name, value, updated_at) VALUES ($1, $2, now())
       ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value, updated_at = now() RETURNING name, value, updated_at`,
      [name, value],
    );
    await recordAudit(tx, {
      staffId, action, subjectKind: 'site_config', subjectId: name, reason,
      before: before ? { value: before.value } : null, after: { value },
    });
    return toEntry(row!);
  });
}

export function updateSiteConfig(db: Database, staffId: bigint, form: z.output<typeof siteConfigUpdateRequest>) {
  return setEntry(db, staffId, form.name, form.value, form.reason, 'site.update');
}

/** A logo is shown small: a larger image only costs every visitor bandwidth. */
const logoEdgeMax = 512;

export async function setLogo(db: Database, staffId: bigint, imageBase64: string, reason: string): Promise<{ logo: string }> {
  const image = await cleanImage(Buffer.from(imageBase64, 'base64'));
  if (!image || image.width > logoEdgeMax || image.height > logoEdgeMax) refuse('logo_image_invalid');
  const [stored] = await db.query<{ id: bigint }>('INSERT INTO site_logo (mime, bytes) VALUES ($1, $2) RETURNING id', [image.mime, image.data]);
  const logo = `${siteLogoPath}/${stored!.id}`;
  await setEntry(db, staffId, 'logo', logo, reason, 'site.set_logo');
  return { logo };
}

export async function readLogo(sql: Sql, id: string): Promise<{ mime: string; bytes: Buffer } | null> {
  if (!/^[1-9]\d{0,17}$/.test(id)) return null;
  const [row] = await sql.query<{ mime: string; bytes: Uint8Array }>('SELECT mime, bytes FROM site_logo WHERE id = $1', [id]);
  return row ? { mime: row.mime, bytes: Buffer.from(row.bytes) } : null;
}

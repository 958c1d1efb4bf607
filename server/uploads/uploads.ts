import { randomBytes } from 'node:crypto';
import { readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { UploadPurpose } from '../../contract/uploads.ts';
import type { Sql } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';
import { imageDecodeSlots } from './decodeSlots.ts';
import { cleanImage } from './images.ts';

// Stored uploads: the cleaned image as a file under a random name in the upload folder
// (outside the web root: nothing serves it but GET /api/vue/upload/file/<id>, which checks
// who asks), and a row saying whose it is and what it is for.

/** A user uploading more than this in an hour is a script, not a person with a camera. */
export const uploadsPerHourMax = 30;

export interface StoredUpload {
  uploadId: bigint;
  mime: string;
  bytes: number;
}

/** Refuses a user who uploaded too much in the last hour. */
export async function admitUpload(sql: Sql, userId: bigint): Promise<void> {
  const [row] = await sql.query<{ count: bigint }>(
    `SELECT count(*) AS count FROM uploads WHERE owner_user_id = $1 AND created_at > now() - interval '1 hour'`,
    [userId.toString()],
  );
  if ((row?.count ?? 0n) >= BigInt(uploadsPerHourMax)) refuse('submit_too_frequently');
}

/** Checks, cleans and stores one image for `userId`. Nothing is stored when it is refused. */
export async function storeImage(sql: Sql, uploadDir: string, userId: bigint, purpose: UploadPurpose, bytes: Buffer): Promise<StoredUpload> {
  const image = await imageDecodeSlots.run(() => cleanImage(bytes));
  if (!image) refuse('upload_not_an_image');
  const storedName = `${randomBytes(16).toString('hex')}.${image.extension}`;
  const path = join(uploadDir, storedName);
  try {
    // 'wx': never overwrite (a name collision would be a bug, not something to paper over); 0600: the server only.
    await writeFile(path, image.data, { flag: 'wx', mode: 0o600 });
  } catch {
    refuse('upload_failed');
  }
  try {
    // The id is random (the column's default, migration 0029): it says nothing about other uploads.
    const [row] = await sql.query<{ id: bigint }>(
      `INSERT INTO uploads (owner_user_id, purpose, stored_name, mime, bytes, width, height)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [userId.toString(), purpose, storedName, image.mime, image.data.length, image.width, image.height],
    );
    if (!row) throw new Error('uploads: row not written');
    return { uploadId: row.id, mime: image.mime, bytes: image.data.length };
  } catch (error) {
    // A file without its row would be unreachable and never cleaned up.
    await unlink(path).catch(() => undefined);
    throw error;
  }
}

/**
 * Whether `uploadId` is an upload of `userId` made for `purpose`. Other domains call this
 * before accepting an upload id from a user (a KYC form, a deposit report), so nobody can
 * attach someone else's image.
 */
export async function uploadOwnedBy(sql: Sql, uploadId: string | bigint, userId: bigint, purpose: UploadPurpose): Promise<boolean> {
  const id = uploadId.toString();
  if (!/^[1-9]\d{0,17}$/.test(id)) return false;
  const rows = await sql.query('SELECT 1 FROM uploads WHERE id = $1 AND owner_user_id = $2 AND purpose = $3', [id, userId.toString(), purpose]);
  return rows.length > 0;
}

export interface UploadRecord {
  ownerUserId: bigint;
  purpose: UploadPurpose;
  storedName: string;
  mime: string;
}

/** An upload's owner and file, or null when there is no such upload. */
export async function findUpload(sql: Sql, uploadId: string): Promise<UploadRecord | null> {
  if (!/^[1-9]\d{0,17}$/.test(uploadId)) return null;
  const [row] = await sql.query<{ owner_user_id: bigint; purpose: UploadPurpose; stored_name: string; mime: string }>(
    'SELECT owner_user_id, purpose, stored_name, mime FROM uploads WHERE id = $1',
    [uploadId],
  );
  return row ? { ownerUserId: row.owner_user_id, purpose: row.purpose, storedName: row.stored_name, mime: row.mime } : null;
}

/** The stored bytes of an upload. stored_name is checked by the table (32 hex digits and an extension): it cannot leave the folder. */
export const readUploadFile = (uploadDir: string, upload: UploadRecord): Promise<Buffer> => readFile(join(uploadDir, upload.storedName));

import type { Database, Sql } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';
import { uploadOwnedBy } from '../uploads/uploads.ts';

// The picture on a user's profile: one of their own uploads of purpose `avatar`. The
// database checks the same ownership (migration 0008), so no path can point a profile at
// someone else's ID photo.

/** Makes `uploadId` the caller's avatar. A missing, foreign or non-avatar upload is `avatar_upload_not_found` alike. */
export async function setAvatar(db: Database, userId: bigint, uploadId: string): Promise<{ avatar_upload_id: string }> {
  return db.transaction(async (tx) => {
    if (!(await uploadOwnedBy(tx, uploadId, userId, 'avatar'))) refuse('avatar_upload_not_found');
    await tx.query(
      `INSERT INTO user_avatars (user_id, upload_id) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET upload_id = EXCLUDED.upload_id, updated_at = now()`,
      [userId.toString(), uploadId],
    );
    return { avatar_upload_id: uploadId };
  });
}

/** The caller's avatar upload id, or null. */
export async function avatarOf(sql: Sql, userId: bigint): Promise<string | null> {
  const [row] = await sql.query<{ upload_id: bigint }>('SELECT upload_id FROM user_avatars WHERE user_id = $1', [userId.toString()]);
  return row ? row.upload_id.toString() : null;
}

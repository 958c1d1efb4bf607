import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiBasePath } from '../../contract/envelope.ts';
import {
  kycPhotoPurposes, kycPhotoReaderRoles, type UploadPurpose, uploadFilePath, uploadFormFields, uploadImagePath, uploadPurposes,
} from '../../contract/uploads.ts';
import { recordAudit } from '../audit/audit.ts';
import type { Database } from '../db/database.ts';
import { refusal, succeed } from '../http/envelope.ts';
import { refuse } from '../http/refusal.ts';
import { rateLimitPolicy, sendRateLimited } from '../http/rateLimits.ts';
import { type Authenticators, checkSession } from '../http/routes.ts';
import type { Settings } from '../settings/settings.ts';
import { admitUpload, findUpload, readUploadFile, storeImage } from './uploads.ts';

// The one multipart endpoint (the command bus sends JSON everywhere else) and the one
// that serves files. Needs @fastify/multipart registered on the app.

const isPurpose = (value: unknown): value is UploadPurpose => typeof value === 'string' && (uploadPurposes as readonly string[]).includes(value);

/** "5" or "2.5": a size limit as the user reads it, in megabytes (MiB, as phones count them). */
const megabytes = (bytes: number): string => String(Math.floor((bytes / (1024 * 1024)) * 10) / 10);

/** Reads the `purpose` field and the one `file` field, holding at most `maxBytes` of file in memory. */
async function readForm(request: FastifyRequest, maxBytes: number): Promise<{ purpose: unknown; file: Buffer | null }> {
  let purpose: unknown;
  let file: Buffer | null = null;
  try {
    const parts = request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 4, fieldSize: 64, parts: 6, headerPairs: 20 } });
    for await (const part of parts) {
      if (part.type === 'file') {
        // Read even a wrongly named file part to its end, so the limits apply to it as well.
        const bytes = await part.toBuffer();
        if (part.fieldname === uploadFormFields.file) file = bytes;
      } else if (part.fieldname === uploadFormFields.purpose) {
        purpose = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    // The limit travels with the refusal, so the app can say how small the photo must be.
    if (code === 'FST_REQ_FILE_TOO_LARGE') refuse('upload_too_large', megabytes(maxBytes));
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') refuse('invalid_body');
    throw error;
  }
  return { purpose, file };
}

export function registerUploadRoutes(app: FastifyInstance, db: Database, authenticators: Authenticators, settings: Settings, uploadDir: string): void {
  app.post(apiBasePath + uploadImagePath, async (request, reply) => {
    const session = await checkSession(request, authenticators.user, 'user');
    // Counted before the body is read, let alone decoded: a refused upload spends the budget as well.
    const refused = await app.commandRateLimiter?.check(request, rateLimitPolicy[uploadImagePath]!, 'refusedWith' in session ? null : `user:${session.userId}`);
    if (refused) return sendRateLimited(reply, refused);
    if ('refusedWith' in session) return reply.code(session.refusedWith === 'csrf_token_invalid' ? 403 : 401).send(refusal(session.refusedWith));
    if (!request.isMultipart()) refuse('upload_file_required');
    await admitUpload(db, session.userId);
    const { purpose, file } = await readForm(request, settings.get('upload.max_bytes'));
    if (!isPurpose(purpose)) refuse('upload_purpose_invalid');
    if (!file || file.length === 0) refuse('upload_file_required');
    const stored = await storeImage(db, uploadDir, session.userId, purpose, file);
    return reply.send(succeed({ upload_id: stored.uploadId.toString() }));
  });

  // The owner (user session) or staff (staff session); everyone else gets the same 404 as for an id
  // that does not exist, so ids reveal nothing. Identity photos: among staff only reviewers and admins
  // (403 for other roles, like any entry outside a role), and each view is audited for the user to read.
  app.get<{ Params: { id: string } }>(`${apiBasePath}${uploadFilePath}/:id`, async (request, reply) => {
    const notFound = () => reply.code(404).send(refusal('not_found'));
    // Sessions first, then the row: a caller without either learns nothing, not even by timing.
    const user = await checkSession(request, authenticators.user, 'user');
    // Both asked: one browser may hold a user's and a staff member's cookie at once.
    const staff = await checkSession(request, authenticators.staff, 'staff');
    // A staff session still enrolling its second factor sees no one's documents.
    const staffSession = !('refusedWith' in staff) && staff.mfaVerified ? staff : null;
    if ('refusedWith' in user && !staffSession) return notFound();
    const upload = await findUpload(db, request.params.id);
    if (!upload) return notFound();
    const ownersOwn = 'userId' in user && user.userId === upload.ownerUserId;
    if (!staffSession && !ownersOwn) return notFound();
    // The owner's own look is not a staff view, even in a browser that also holds a staff session.
    if (staffSession && !ownersOwn && kycPhotoPurposes.includes(upload.purpose)) {
      if (!(kycPhotoReaderRoles as readonly string[]).includes(staffSession.role)) return reply.code(403).send(refusal('staff_role_not_allowed'));
      await recordAudit(db, {
        staffId: staffSession.staffId, action: 'kyc.photo_view', targetUserId: upload.ownerUserId, subjectKind: 'upload', subjectId: request.params.id,
        reason: '', before: null, after: { purpose: upload.purpose },
      });
    }
    const data = await readUploadFile(uploadDir, upload);
    return reply
      .header('content-type', upload.mime)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .send(data);
  });
}

import type { FastifyInstance } from 'fastify';
import { siteLogoPath } from '../../contract/siteContent.ts';
import type { Database } from '../db/database.ts';
import { type Authenticators, registerCommand } from '../http/routes.ts';
import { listNewsForStaff, saveNews, setNewsPublished } from '../news/newsAdmin.ts';
import { listSiteConfig, readLogo, setLogo, updateSiteConfig } from './siteContent.ts';

// The back office's site content (roles in contract/siteContent.ts) and the public logo.
export function registerSiteContentRoutes(app: FastifyInstance, db: Database, authenticators: Authenticators): void {
  registerCommand(app, authenticators, 'admin/site/list', () => listSiteConfig(db));
  registerCommand(app, authenticators, 'admin/site/update', ({ body, session }) => updateSiteConfig(db, session.staffId, body));
  registerCommand(app, authenticators, 'admin/site/setLogo', ({ body, session }) => setLogo(db, session.staffId, body.image_base64, body.reason));
  registerCommand(app, authenticators, 'admin/news/list', ({ body }) => listNewsForStaff(db, body.page));
  registerCommand(app, authenticators, 'admin/news/save', ({ body, session }) => saveNews(db, session, body));
  registerCommand(app, authenticators, 'admin/news/setPublished', ({ body, session }) => setNewsPublished(db, session, body));

  // Public (the sign-in page shows it). A logo's id changes with every upload, so a version is
  // cached for good; the image was re-encoded on upload, is served with its own type, never
  // sniffed, and can run nothing even if opened on its own (sandboxed, no sources allowed).
  app.get<{ Params: { id: string } }>(`${siteLogoPath}/:id`, async (request, reply) => {
    const logo = await readLogo(db, request.params.id);
    if (!logo) return reply.code(404).type('text/plain').send('Not found');
    return reply
      .header('content-type', logo.mime)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-disposition', 'inline')
      .send(logo.bytes);
  });
}

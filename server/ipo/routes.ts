import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { IpoState } from '../../contract/ipo.ts';
import { listPageSize } from '../../contract/paging.ts';
import { refuse } from '../http/refusal.ts';
import { type Authenticators, registerCommand } from '../http/routes.ts';
import { applicationsOf, applyForIpo, withdrawApplication } from './applications.ts';
import { drawIssue } from './drawIssue.ts';
import { extendIssue, issueForStaff, issuesForStaff, saveIssue, withdrawIssue } from './staffIssues.ts';
import { catchUpIssues, currentIssue, type IpoContext } from './states.ts';
import { type ApplicationRow, demandOf, drawOf, issueById, type IssueRow, userApplicationCounts } from './store.ts';
import { publishedFileNames, toIpoApplication, toIpoDraw, toIpoIssue } from './views.ts';

// IPO commands (contract/ipo.ts). Each user handler passes the caller's own id, so no command
// reaches another user's application by changing an id. The draw files are public: served
// without a session at /ipo-draws/<ipo_id>/<file> once the draw is recorded.

/** A limit on everything: the list shows at most this many issues (newest first). */
const issuesListedMax = 200;

const fileTypes: Record<string, string> = {
  'draw.json': 'application/json; charset=utf-8',
  'applications.csv': 'text/csv; charset=utf-8',
  'result.csv': 'text/csv; charset=utf-8',
};

async function issuesFor(context: IpoContext, userId: bigint, state: IpoState | undefined) {
  await catchUpIssues(context);
  const rows = await context.db.query<IssueRow>(
    `SELECT * FROM ipo_issues ${state === undefined ? '' : 'WHERE state = $2'} ORDER BY open_at DESC, id DESC LIMIT $1`,
    state === undefined ? [issuesListedMax] : [issuesListedMax, state],
  );
  const ids = rows.map((row) => row.id);
  const [demand, mine] = await Promise.all([demandOf(context.db, ids), userApplicationCounts(context.db, userId, ids)]);
  const cap = context.settings.paise('ipo.retail_cap');
  return rows.map((row) => toIpoIssue(row, demand.get(row.id)!, cap, mine.get(row.id) ?? 0, context.now()));
}

async function issueDetailFor(context: IpoContext, userId: bigint, ipoId: bigint) {
  await currentIssue(context, ipoId);
  const issue = await issueById(context.db, ipoId);
  if (!issue) refuse('ipo_not_found');
  const applications = await context.db.query<ApplicationRow>('SELECT * FROM ipo_applications WHERE ipo_id = $1 AND user_id = $2 ORDER BY id DESC LIMIT 100', [
    ipoId.toString(), userId.toString(),
  ]);
  const [demand, mine, draw] = await Promise.all([demandOf(context.db, [ipoId]), userApplicationCounts(context.db, userId, [ipoId]), drawOf(context.db, ipoId)]);
  return {
    issue: toIpoIssue(issue, demand.get(ipoId)!, context.settings.paise('ipo.retail_cap'), mine.get(ipoId) ?? 0, context.now()),
    applications: applications.map((application) => toIpoApplication(application, issue)),
    draw: draw ? toIpoDraw(draw) : null,
  };
}

export function registerIpoRoutes(app: FastifyInstance, authenticators: Authenticators, context: IpoContext): void {
  registerCommand(app, authenticators, 'ipo/list', ({ body, session }) => issuesFor(context, session.userId, body.state));
  registerCommand(app, authenticators, 'ipo/detail', ({ body, session }) => issueDetailFor(context, session.userId, BigInt(body.ipo_id)));
  registerCommand(app, authenticators, 'ipo/apply', ({ body, session }) =>
    applyForIpo(context, session.userId, { ipoId: BigInt(body.ipo_id), lots: body.lots, idempotencyKey: body.idempotency_key }));
  registerCommand(app, authenticators, 'ipo/withdraw', ({ body, session }) =>
    withdrawApplication(context, session.userId, { applicationId: BigInt(body.application_id), idempotencyKey: body.idempotency_key }));
  registerCommand(app, authenticators, 'ipo/applications', ({ body, session }) => applicationsOf(context.db, session.userId, body.page, listPageSize));
  registerCommand(app, authenticators, 'ipo/draw', async ({ body }) => {
    const ipoId = BigInt(body.ipo_id);
    const draw = await drawOf(context.db, ipoId);
    if (!draw) refuse((await issueById(context.db, ipoId)) ? 'ipo_not_drawn' : 'ipo_not_found');
    return toIpoDraw(draw);
  });

  registerCommand(app, authenticators, 'admin/ipo/list', ({ body }) => issuesForStaff(context, body));
  registerCommand(app, authenticators, 'admin/ipo/detail', ({ body }) => issueForStaff(context, BigInt(body.ipo_id)));
  registerCommand(app, authenticators, 'admin/ipo/save', ({ body, session }) => saveIssue(context, session.staffId, body));
  registerCommand(app, authenticators, 'admin/ipo/extend', ({ body, session }) => extendIssue(context, session.staffId, body));
  registerCommand(app, authenticators, 'admin/ipo/withdraw', ({ body, session }) => withdrawIssue(context, session.staffId, body));
  registerCommand(app, authenticators, 'admin/ipo/draw', ({ body, session }) =>
    drawIssue(context, session.staffId, { ipoId: BigInt(body.ipo_id), publicValue: body.public_value, reason: body.reason }));

  app.get<{ Params: { ipoId: string; file: string } }>('/ipo-draws/:ipoId/:file', async (request, reply) => {
    const { ipoId, file } = request.params;
    if (!/^[1-9]\d{0,17}$/.test(ipoId) || !publishedFileNames.includes(file)) return reply.code(404).type('text/plain').send('Not found');
    // Served only once the draw is recorded: files a rolled-back draw left on disk are never public.
    if (!(await drawOf(context.db, BigInt(ipoId)))) return reply.code(404).type('text/plain').send('Not found');
    return reply
      .type(fileTypes[file]!)
      .header('content-disposition', `inline; filename="ipo-${ipoId}-${file}"`)
      .header('cache-control', 'public, max-age=86400, immutable')
      .send(createReadStream(join(context.drawDir, ipoId, file)));
  });
}

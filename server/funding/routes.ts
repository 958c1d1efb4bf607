import type { FastifyInstance } from 'fastify';
import { apiBasePath } from '../../contract/envelope.ts';
import { statementCsvPath, statementCsvQuery, statementPdfPath } from '../../contract/funding.ts';
import { istDateTimeText } from '../../contract/calendarDays.ts';
import { refusal } from '../http/envelope.ts';
import { type Authenticators, checkSession, registerCommand } from '../http/routes.ts';
import { validate } from '../http/validation.ts';
import type { StatementReaders } from '../i18n/statementReaders.ts';
import { addBankCard, deleteBankCard, listBankCards } from './cards.ts';
import { listChannels, saveChannel } from './channels.ts';
import type { FundingContext } from './context.ts';
import { depositInfo, depositsForReview, depositsOf, requestDeposit, reviewDeposit } from './deposits.ts';
import { fundRecords } from './records.ts';
import type { StatementSigner } from '../statements/signing.ts';
import { statementPdf } from '../statements/statementPdf.ts';
import { statementCsv, statementLines } from './statementCsv.ts';
import { setWalletAddress, walletAddressOf } from './wallet.ts';
import { reviewWithdrawal, withdrawalsForReview } from './withdrawalReview.ts';
import { requestWithdrawal, withdrawalsOf, withdrawInfo } from './withdrawals.ts';

// Money in and out: the user's commands and the back office's review queues. Roles are in
// contract/api.ts; each handler passes the caller's own id, so no command reaches another
// user's card, deposit or withdrawal by changing an id.
export function registerFundingRoutes(
  app: FastifyInstance, authenticators: Authenticators, context: FundingContext, statementReaders: StatementReaders, signer: StatementSigner,
): void {
  const { db, settings } = context;
  registerCommand(app, authenticators, 'user/addBankCard', ({ body, session }) => addBankCard(db, session.userId, body));
  registerCommand(app, authenticators, 'user/bankList', ({ session }) => listBankCards(db, session.userId));
  registerCommand(app, authenticators, 'user/deleteBankCard', ({ body, session }) => deleteBankCard(db, session.userId, body.id));
  registerCommand(app, authenticators, 'user/walletAddress', ({ session }) => walletAddressOf(db, session.userId));
  registerCommand(app, authenticators, 'user/setWalletAddress', ({ body, session }) => setWalletAddress(db, session.userId, body));
  registerCommand(app, authenticators, 'user/depositInfo', ({ session }) => depositInfo(context, session.userId));
  registerCommand(app, authenticators, 'user/deposit', ({ body, session }) => requestDeposit(context, session.userId, body));
  registerCommand(app, authenticators, 'user/depositList', ({ body, session }) => depositsOf(db, session.userId, body.page));
  registerCommand(app, authenticators, 'user/withdrawInfo', ({ session }) => withdrawInfo(context, session.userId));
  registerCommand(app, authenticators, 'user/withdraw', ({ body, session }) => requestWithdrawal(context, session.userId, body));
  registerCommand(app, authenticators, 'user/withdrawList', ({ body, session }) => withdrawalsOf(db, session.userId, body.page));
  registerCommand(app, authenticators, 'user/fundRecords', ({ body, session }) => fundRecords(db, session.userId, body));

  registerCommand(app, authenticators, 'admin/channels/list', () => listChannels(db, 'all'));
  registerCommand(app, authenticators, 'admin/channels/save', ({ body, session }) => saveChannel(db, session.staffId, body));
  registerCommand(app, authenticators, 'admin/deposits/list', ({ body }) => depositsForReview(db, settings, body));
  registerCommand(app, authenticators, 'admin/deposits/review', ({ body, session }) => reviewDeposit(db, settings, session.staffId, body));
  registerCommand(app, authenticators, 'admin/withdrawals/list', ({ body }) => withdrawalsForReview(db, settings, body));
  registerCommand(app, authenticators, 'admin/withdrawals/review', ({ body, session }) => reviewWithdrawal(db, settings, session.staffId, body));

  // File downloads, not JSON commands: GET with the same session headers; refusals still answer the envelope.
  // Each file is signed (server/statements/signing.ts): its last line carries the signature.
  for (const format of ['csv', 'pdf'] as const) {
    app.get(apiBasePath + (format === 'csv' ? statementCsvPath : statementPdfPath), async (request, reply) => {
      const session = await checkSession(request, authenticators.user, 'user');
      if ('refusedWith' in session) return reply.code(401).send(refusal(session.refusedWith));
      const query = validate(statementCsvQuery, request.query);
      if (!query.ok) return reply.send(refusal(query.key, query.key === 'invalid_field' ? query.field : undefined));
      let filename: string;
      let file: Buffer;
      if (format === 'csv') {
        const statement = await statementCsv(db, session.userId, query.value, statementReaders);
        filename = statement.filename;
        file = signer.signFile(Buffer.from(statement.csv, 'utf8'), '# ');
      } else {
        // Written in English: the standard PDF fonts cannot draw Chinese or Korean (statementPdf.ts).
        const statement = await statementLines(db, session.userId, { ...query.value, lang: 'en' }, statementReaders);
        const [user] = await db.query<{ account: string }>('SELECT account FROM users WHERE id = $1', [session.userId.toString()]);
        const pdf = await statementPdf({ account: user?.account ?? '', from: query.value.from, to: query.value.to, lines: statement.lines, fingerprint: signer.fingerprint, generatedAt: istDateTimeText(context.now()) });
        filename = `${statement.filename}.pdf`;
        file = signer.signFile(pdf, '%');
      }
      return reply
        .header('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : 'application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(file);
    });
  }
}

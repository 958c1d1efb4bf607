import type { IpoApplication } from '../../contract/ipo.ts';
import { rupeesParam } from '../../contract/statementReasons.ts';
import type { Sql } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';
import { transfer } from '../ledger/ledger.ts';
import { userLedgerAccounts } from '../ledger/userBalances.ts';
import type { ApplyCommand } from './applyPlan.ts';
import { type ApplyWriter, createApplyWriter, IssueNotOpenedYet } from './applyWriter.ts';
import { currentIssue, effectiveState, type IpoContext } from './states.ts';
import { applicationWhere, issueById, type IssueRow } from './store.ts';
import { toIpoApplication } from './views.ts';

// Applying for an IPO and withdrawing an application. The money is held, never debited,
// while the issue is open: one ledger transfer available → frozen per application, and the
// same in reverse when it is withdrawn. Applications go through the batching writer
// (applyWriter.ts); a withdrawal is one transaction. A retry with the same idempotency key
// answers the same application and changes nothing.
//
// Locks, always in this order (the draw takes the same ones): the issue row (FOR SHARE here,
// so the close and the draw wait for applications in flight and never miss one), then the
// user's rupee accounts (so two applications of one user count each other).

export type { ApplyCommand };

const withdrawKeyOf = (applicationId: bigint) => `ipo-withdraw:${applicationId}`;

// One application writer per context (the server's, a seed's), made when it first applies.
const writers = new WeakMap<IpoContext, ApplyWriter>();
function writerOf(context: IpoContext): ApplyWriter {
  let writer = writers.get(context);
  if (!writer) writers.set(context, (writer = createApplyWriter(context)));
  return writer;
}

export async function applyForIpo(context: IpoContext, userId: bigint, command: ApplyCommand): Promise<IpoApplication> {
  const submit = () => writerOf(context).submit({ ...command, userId });
  try {
    return await submit();
  } catch (error) {
    if (!(error instanceof IssueNotOpenedYet)) throw error;
  }
  // The issue's open_at has passed but nobody has opened it yet (made its seed): opened, then tried again.
  await currentIssue(context, command.ipoId);
  try {
    return await submit();
  } catch (error) {
    if (error instanceof IssueNotOpenedYet) refuse('subscription_time_not_yet_arrived');
    throw error;
  }
}

/** Withdraws one of the user's pending applications while its issue is open, releasing its money. */
export async function withdrawApplication(context: IpoContext, userId: bigint, command: { applicationId: bigint; idempotencyKey: string }): Promise<IpoApplication> {
  const found = await applicationWhere(context.db, 'id = $1 AND user_id = $2', [command.applicationId.toString(), userId.toString()]);
  if (!found) refuse('ipo_application_not_found');
  await currentIssue(context, found.ipo_id);
  return context.db.transaction(async (tx) => {
    const issue = (await issueById(tx, found.ipo_id, 'FOR SHARE'))!;
    const application = (await applicationWhere(tx, 'id = $1', [found.id.toString()], true))!;
    if (application.state === 'withdrawn' && application.withdraw_idempotency_key === command.idempotencyKey) return toIpoApplication(application, issue);
    if (application.state !== 'pending' || effectiveState(issue, context.now()) !== 'open') refuse('order_not_in_subscription_status');
    const { availableAccountId, frozenAccountId } = await userLedgerAccounts(tx, userId);
    const amount = application.amount_held_paise;
    const released = await transfer(tx, {
      idempotencyKey: withdrawKeyOf(application.id),
      kind: 'ipo_release',
      reasonKind: 'ipo_application_released',
      reasonParams: { ipo_id: issue.id.toString(), application_id: application.id.toString(), code: issue.code, amount: rupeesParam(amount) },
      userId,
      postings: [
        { accountId: frozenAccountId, currency: 'INR', amount: -amount },
        { accountId: availableAccountId, currency: 'INR', amount },
      ],
    });
    const [row] = await tx.query<Parameters<typeof toIpoApplication>[0]>(
      `UPDATE ipo_applications SET state = 'withdrawn', amount_released_paise = amount_held_paise, settle_transfer_id = $2,
              withdraw_idempotency_key = $3, updated_at = $4
        WHERE id = $1 RETURNING *`,
      [application.id.toString(), released.transferId.toString(), command.idempotencyKey, new Date(context.now())],
    );
    return toIpoApplication(row!, issue);
  });
}

/** The caller's applications across issues, newest first, one page. */
export async function applicationsOf(sql: Sql, userId: bigint, page: number, pageSize: number) {
  const rows = await sql.query<Parameters<typeof toIpoApplication>[0] & { issuer: string; code: string; issue_state: IssueRow['state'] }>(
    `SELECT a.*, i.issuer, i.code, i.state AS issue_state FROM ipo_applications a JOIN ipo_issues i ON i.id = a.ipo_id
      WHERE a.user_id = $1 ORDER BY a.id DESC LIMIT $2 OFFSET $3`,
    [userId.toString(), pageSize, (page - 1) * pageSize],
  );
  const [{ total }] = (await sql.query<{ total: bigint }>('SELECT count(*) AS total FROM ipo_applications WHERE user_id = $1', [userId.toString()])) as [{ total: bigint }];
  return {
    items: rows.map((row) => toIpoApplication(row, { issuer: row.issuer, code: row.code, state: row.issue_state })),
    total: Number(total), // number-ok: a count of one user's applications
    page,
    page_size: pageSize,
  };
}

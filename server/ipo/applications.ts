import { createHash } from 'node:crypto';
import type { IpoApplication } from '../../contract/ipo.ts';
import { formatRupees } from '../../contract/money.ts';
import { rupeesParam } from '../../contract/statementReasons.ts';
import type { Sql } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';
import { lockedBalances, transfer } from '../ledger/ledger.ts';
import { userLedgerAccounts } from '../ledger/userBalances.ts';
import { pseudonymOf } from './draw.ts';
import { currentIssue, effectiveState, type IpoContext } from './states.ts';
import { type ApplicationRow, applicationWhere, issueById, type IssueRow } from './store.ts';
import { retailCapOf, toIpoApplication } from './views.ts';

// Applying for an IPO and withdrawing an application. The money is held, never debited,
// while the issue is open: one ledger transfer available → frozen per application, and the
// same in reverse when it is withdrawn. Each command is one transaction; a retry with the same
// idempotency key answers the same application and changes nothing.
//
// Locks, always in this order (the draw takes the same ones): the issue row (FOR SHARE here,
// so the close and the draw wait for applications in flight and never miss one), then the
// user's rupee accounts (so two applications of one user count each other).

export interface ApplyCommand {
  ipoId: bigint;
  lots: number;
  idempotencyKey: string;
}

/** The ledger key of a hold, from the user's own key (hashed: it may be as long as a ledger key may be). */
const holdKeyOf = (userId: bigint, userKey: string) => `ipo-hold:${userId}:${createHash('sha256').update(userKey).digest('hex')}`;
const withdrawKeyOf = (applicationId: bigint) => `ipo-withdraw:${applicationId}`;

/** Refusals in the issue's order: not open yet, withdrawn, or over. */
function refuseUnlessOpen(issue: IssueRow, now: number): void {
  const state = effectiveState(issue, now);
  if (state === 'withdrawn') refuse('subscription_channel_not_open');
  if (state === 'upcoming') refuse('subscription_time_not_yet_arrived');
  if (state !== 'open') refuse('subscription_ended');
}

/** The application an earlier try with this key made, or null; the key used for another application is refused. */
async function sameApplication(tx: Sql, userId: bigint, command: ApplyCommand): Promise<IpoApplication | null> {
  const earlier = await applicationWhere(tx, 'user_id = $1 AND idempotency_key = $2', [userId.toString(), command.idempotencyKey]);
  if (!earlier) return null;
  if (earlier.ipo_id !== command.ipoId || earlier.lots !== command.lots) refuse('idempotency_key_reused');
  return toIpoApplication(earlier, (await issueById(tx, earlier.ipo_id))!);
}

/** The issue's open_at has passed but nobody has opened it yet (made its seed): opened, then tried again. */
class IssueNotOpenedYet extends Error {}

export async function applyForIpo(context: IpoContext, userId: bigint, command: ApplyCommand): Promise<IpoApplication> {
  try {
    return await applyOnce(context, userId, command);
  } catch (error) {
    if (!(error instanceof IssueNotOpenedYet)) throw error;
  }
  await currentIssue(context, command.ipoId);
  try {
    return await applyOnce(context, userId, command);
  } catch (error) {
    if (error instanceof IssueNotOpenedYet) refuse('subscription_time_not_yet_arrived');
    throw error;
  }
}

// The hot path of a popular issue's last minutes: each round trip counts (bench/ipoClosing.ts).
async function applyOnce(context: IpoContext, userId: bigint, command: ApplyCommand): Promise<IpoApplication> {
  return context.db.transaction(async (tx) => {
    const earlier = await sameApplication(tx, userId, command);
    if (earlier) return earlier;
    const issue = await issueById(tx, command.ipoId, 'FOR SHARE');
    if (!issue) refuse('ipo_not_found');
    const now = context.now();
    refuseUnlessOpen(issue, now);
    if (issue.state !== 'open') throw new IssueNotOpenedYet();
    if (!Number.isSafeInteger(command.lots) || command.lots < 1) refuse('ipo_not_whole_lots');
    const amount = issue.price_paise * BigInt(issue.lot) * BigInt(command.lots);
    const cap = retailCapOf(issue, context.settings.paise('ipo.retail_cap'));
    if (amount > cap) refuse('ipo_amount_above_retail_cap', formatRupees(cap));

    const accounts = await userLedgerAccounts(tx, userId);
    // Counted under the user's account locks: parallel applications of one user queue here.
    await lockedBalances(tx, [accounts.availableAccountId, accounts.frozenAccountId]);
    const mine = await tx.query<ApplicationRow>('SELECT * FROM ipo_applications WHERE user_id = $1 AND (ipo_id = $2 OR idempotency_key = $3)', [
      userId.toString(), issue.id.toString(), command.idempotencyKey,
    ]);
    // A retry sent while the first try was still running waited on those locks: it answers what the first made.
    const madeMeanwhile = mine.find((application) => application.idempotency_key === command.idempotencyKey);
    if (madeMeanwhile) {
      if (madeMeanwhile.ipo_id !== command.ipoId || madeMeanwhile.lots !== command.lots) refuse('idempotency_key_reused');
      return toIpoApplication(madeMeanwhile, issue);
    }
    const counted = mine.filter((application) => application.ipo_id === issue.id && application.state !== 'withdrawn').length;
    if (counted >= issue.max_applications_per_user) refuse('ipo_max_applications_reached', String(issue.max_applications_per_user));

    const [{ id: applicationId }] = (await tx.query<{ id: bigint }>("SELECT nextval('ipo_applications_id_seq') AS id")) as [{ id: bigint }];
    const held = await transfer(tx, {
      idempotencyKey: holdKeyOf(userId, command.idempotencyKey),
      kind: 'ipo_hold',
      reasonKind: 'ipo_application_held',
      reasonParams: { ipo_id: issue.id.toString(), code: issue.code, quantity: (BigInt(issue.lot) * BigInt(command.lots)).toString(), amount: rupeesParam(amount) },
      userId,
      postings: [
        { accountId: accounts.availableAccountId, currency: 'INR', amount: -amount },
        { accountId: accounts.frozenAccountId, currency: 'INR', amount },
      ],
    });
    const at = new Date(now);
    const [row] = await tx.query<Parameters<typeof toIpoApplication>[0]>(
      `INSERT INTO ipo_applications (id, ipo_id, user_id, idempotency_key, price_paise, lot, lots, amount_held_paise, pseudonym,
                                     hold_transfer_id, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) RETURNING *`,
      [applicationId.toString(), issue.id.toString(), userId.toString(), command.idempotencyKey, issue.price_paise.toString(), issue.lot,
        command.lots, amount.toString(), pseudonymOf(issue.id.toString(), applicationId.toString(), issue.server_seed!), held.transferId.toString(), at],
    );
    return toIpoApplication(row!, issue);
  });
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

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IpoDraw } from '../../contract/ipo.ts';
import { formatRupees, parseRupees } from '../../contract/money.ts';
import { rupeesParam } from '../../contract/statementReasons.ts';
import { recordAudit } from '../audit/audit.ts';
import type { Sql } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';
import { balancesOf, transfer } from '../ledger/ledger.ts';
import { ledgerAccountsOf, userCurrencyKey } from '../ledger/userBalances.ts';
import { type Notification, notifyAll } from '../notifications/notifications.ts';
import { applicationListOf, pseudonymAt } from './applicationList.ts';
import { checkPublicValue, DrawInputError } from './draw.ts';
import { drawFileNames, publishDraw } from './drawFiles.ts';
import { currentIssue, type IpoContext } from './states.ts';
import { type ApplicationRow, demandOf, drawOf, ipoEscrowAccount, issueById, type IssueRow } from './store.ts';
import { type AdminIpoRow, toAdminRow, toIpoDraw } from './views.ts';

// The draw and the allotment of a closed issue, run by a staff member, in ONE transaction:
// the pending applications are drawn (draw.ts, published as files anyone can re-run with
// scripts/verify-draw.ts), then each application settles with one ledger transfer:
//   won:     frozen −held → IPO escrow +paid (price × shares allotted), available +the rest
//   not won: frozen −held → available +held
// so after the draw nothing stays frozen for the issue (asserted before commit), and the
// escrow holds exactly what the winners paid until the listing turns it into positions.

export interface DrawCommand {
  ipoId: bigint;
  publicValue: string;
  reason: string;
}

/** "NIFTY 50 close on 2026-11-27": the one source the server can check against its own market record. */
const niftyClosePattern = /^NIFTY 50 close on (\d{4}-\d{2}-\d{2})$/;

function checkAgainstMarket(context: IpoContext, source: string, publicValue: string): void {
  const day = niftyClosePattern.exec(source)?.[1];
  if (!day) return;
  const recorded = context.indexCloseOn(day);
  if (recorded === null) return;
  const entered = parseRupees(publicValue);
  if (entered === null || entered !== parseRupees(recorded)) refuse('ipo_public_value_mismatch', recorded);
}

const sha256Of = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

interface Settlement {
  application: ApplicationRow;
  sharesAllotted: bigint;
  paidPaise: bigint;
  releasedPaise: bigint;
  rank: number | null;
}

/** `staffId` null: run by the server itself (the demo seed), audited as such. */
export async function drawIssue(context: IpoContext, staffId: bigint | null, command: DrawCommand): Promise<{ issue: AdminIpoRow; draw: IpoDraw }> {
  await currentIssue(context, command.ipoId);
  const issue = await context.db.transaction(async (tx) => {
    const issue = await issueById(tx, command.ipoId, 'FOR UPDATE');
    if (!issue) refuse('ipo_not_found');
    if (issue.state !== 'closed') refuse('ipo_not_closed');
    try {
      checkPublicValue(command.publicValue);
    } catch (error) {
      if (error instanceof DrawInputError) refuse('invalid_field', 'public_value');
      throw error;
    }
    checkAgainstMarket(context, issue.public_value_source, command.publicValue);

    const pending = await tx.query<ApplicationRow>("SELECT * FROM ipo_applications WHERE ipo_id = $1 AND state = 'pending' ORDER BY id", [issue.id.toString()]);
    const list = applicationListOf(pending.map((application) => ({ pseudonym: application.pseudonym!, lots: application.lots })));
    const directory = join(context.drawDir, issue.id.toString());
    const published = publishDraw(directory, {
      issueId: issue.id.toString(),
      serverSeed: issue.server_seed!,
      publicValue: command.publicValue,
      publicValueSource: issue.public_value_source,
      lotSize: issue.lot,
      retailShares: Number(issue.retail_shares), // number-ok: a share count below 10^15 (the save schema), exact in a double
      applications: list,
    });
    const { allotment, ranked } = published.result;
    const positionOf = new Map<string, number>();
    for (let position = 0; position < list.count; position++) positionOf.set(pseudonymAt(list, position), position);
    const rankOf = new Map<number, number>();
    if (allotment.oversubscribed) ranked.forEach((position, index) => rankOf.set(position, index + 1));

    const settlements: Settlement[] = pending.map((application) => {
      const position = positionOf.get(application.pseudonym!)!;
      const sharesAllotted = BigInt(allotment.allotted[position]!) * BigInt(application.lot);
      const paidPaise = sharesAllotted * application.price_paise;
      return { application, sharesAllotted, paidPaise, releasedPaise: application.amount_held_paise - paidPaise, rank: rankOf.get(position) ?? null };
    });
    const escrowAccountId = await ipoEscrowAccount(tx);
    const escrowBefore = (await balancesOf(tx, [escrowAccountId])).get(escrowAccountId) ?? 0n;
    const notifications = await settleAll(tx, issue, settlements, escrowAccountId, new Date(context.now()));
    await assertNothingStaysFrozen(tx, issue.id, escrowAccountId, escrowBefore, settlements);

    const files = Object.values(drawFileNames).map((name) => ({ name, sha256: sha256Of(join(directory, name)) }));
    const { record } = published;
    await tx.query(
      `INSERT INTO ipo_draws (ipo_id, algorithm, commitment, server_seed, public_value, public_value_source, applications_digest, seed,
                              result_digest, applications, lots_applied, winners, lots_allotted, oversubscribed, files, drawn_by, drawn_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, ($15::text)::jsonb, $16, $17)`,
      [issue.id.toString(), `${record.algorithm.name} v${record.algorithm.version}`, record.commitment, record.server_seed, record.public_value,
        issue.public_value_source, record.applications_digest, record.seed, record.result_digest, record.applications, record.lots_applied.toString(),
        record.winners, record.lots_allotted.toString(), record.oversubscribed, JSON.stringify(files), staffId?.toString() ?? null, new Date(context.now())],
    );
    await tx.query("UPDATE ipo_issues SET state = 'allotted', drawn_at = $2, updated_at = $2 WHERE id = $1", [issue.id.toString(), new Date(context.now())]);
    await recordAudit(tx, {
      staffId, action: 'ipo.draw', subjectKind: 'ipo', subjectId: issue.id, reason: command.reason,
      before: { state: 'closed' },
      after: {
        state: 'allotted', public_value: command.publicValue, seed: record.seed, applications: record.applications, winners: record.winners,
        lots_allotted: record.lots_allotted.toString(), paid: formatRupees(settlements.reduce((sum, settled) => sum + settled.paidPaise, 0n)),
      },
    });
    await notifyAll(tx, notifications);
    return (await issueById(tx, issue.id))!;
  });
  const demand = (await demandOf(context.db, [issue.id])).get(issue.id)!;
  return { issue: toAdminRow(issue, demand, context.settings.paise('ipo.retail_cap'), context.now()), draw: toIpoDraw((await drawOf(context.db, issue.id))!) };
}

/** One ledger transfer and one row update per application; the owners' messages to send with them. */
async function settleAll(tx: Sql, issue: IssueRow, settlements: readonly Settlement[], escrowAccountId: bigint, at: Date): Promise<Notification[]> {
  const accounts = await ledgerAccountsOf(tx, settlements.map(({ application }) => ({ userId: application.user_id, currency: 'INR' as const })));
  const notifications: Notification[] = [];
  for (const settled of settlements) {
    const { application, paidPaise, releasedPaise, sharesAllotted } = settled;
    const { availableAccountId, frozenAccountId } = accounts.get(userCurrencyKey(application.user_id, 'INR'))!;
    const won = sharesAllotted > 0n;
    const ids = { ipo_id: issue.id.toString(), application_id: application.id.toString(), code: issue.code };
    const settledTransfer = await transfer(tx, {
      idempotencyKey: `ipo-draw:${application.id}`,
      ...(won
        ? { kind: 'ipo_allot', reasonKind: 'ipo_allotted', reasonParams: { ...ids, quantity: sharesAllotted.toString(), amount: rupeesParam(paidPaise) } } as const
        : { kind: 'ipo_release', reasonKind: 'ipo_application_released', reasonParams: { ...ids, amount: rupeesParam(releasedPaise) } } as const),
      userId: application.user_id,
      postings: [
        { accountId: frozenAccountId, currency: 'INR', amount: -application.amount_held_paise },
        ...(paidPaise > 0n ? [{ accountId: escrowAccountId, currency: 'INR' as const, amount: paidPaise }] : []),
        ...(releasedPaise > 0n ? [{ accountId: availableAccountId, currency: 'INR' as const, amount: releasedPaise }] : []),
      ],
    });
    await tx.query(
      `UPDATE ipo_applications SET state = $2, shares_allotted = $3, amount_paid_paise = $4, amount_released_paise = $5, draw_rank = $6,
              settle_transfer_id = $7, updated_at = $8
        WHERE id = $1 AND state = 'pending'`,
      [application.id.toString(), won ? 'won' : 'not_won', sharesAllotted.toString(), paidPaise.toString(), releasedPaise.toString(), settled.rank,
        settledTransfer.transferId.toString(), at],
    );
    notifications.push(won
      ? { userId: application.user_id, kind: 'ipo_won', params: { ...ids, quantity: Number(sharesAllotted), amount_paid: formatRupees(paidPaise), amount_released: formatRupees(releasedPaise) } } // number-ok: one application's shares
      : { userId: application.user_id, kind: 'ipo_not_won', params: { ipo_id: ids.ipo_id, code: ids.code, amount_released: formatRupees(releasedPaise) } });
  }
  return notifications;
}

/**
 * The paired assertion of the allotment, before commit: no application of the issue is still
 * pending, every settled one split its held money exactly into paid and released, and the
 * escrow grew by exactly what the winners paid. A breach throws and rolls everything back.
 */
async function assertNothingStaysFrozen(tx: Sql, ipoId: bigint, escrowAccountId: bigint, escrowBefore: bigint, settlements: readonly Settlement[]): Promise<void> {
  const [check] = await tx.query<{ pending: bigint; unsettled: bigint }>(
    `SELECT count(*) FILTER (WHERE state = 'pending') AS pending,
            coalesce(sum(amount_held_paise - amount_paid_paise - amount_released_paise) FILTER (WHERE state <> 'withdrawn'), 0)::bigint AS unsettled
       FROM ipo_applications WHERE ipo_id = $1`,
    [ipoId.toString()],
  );
  const escrowAfter = (await balancesOf(tx, [escrowAccountId])).get(escrowAccountId) ?? 0n;
  const paid = settlements.reduce((sum, settled) => sum + settled.paidPaise, 0n);
  if (check!.pending !== 0n || check!.unsettled !== 0n || escrowAfter - escrowBefore !== paid) {
    throw new Error(`ipo ${ipoId}: the allotment left money held (pending ${check!.pending}, unsettled ${check!.unsettled} paise, escrow moved ${escrowAfter - escrowBefore} of ${paid})`);
  }
}

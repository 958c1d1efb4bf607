import { createHash } from 'node:crypto';
import type { IpoApplication } from '../../contract/ipo.ts';
import { rupeesParam } from '../../contract/statementReasons.ts';
import { isUniqueViolation, type Sql } from '../db/database.ts';
import { Refusal } from '../http/refusal.ts';
import { appendTransfers, lockedBalances, type TransferCommand } from '../ledger/ledger.ts';
import { ledgerAccountsOf, userCurrencyKey, type UserLedgerAccounts } from '../ledger/userBalances.ts';
import { type ApplyOutcome, planApplications, type QueuedApply } from './applyPlan.ts';
import { pseudonymOf } from './draw.ts';
import type { IpoContext } from './states.ts';
import type { ApplicationRow, IssueRow } from './store.ts';
import { toIpoApplication } from './views.ts';

// The IPO application writer: at an issue's closing minute thousands of applications a second
// arrive, and one transaction each spends most of its time on round trips and commits. Like
// the order writer (server/trading/writer/orderWriter.ts), applications queue while a batch is
// written and everything that arrived meanwhile becomes the next batch: one transaction that
// locks the issues (FOR SHARE, so the close and the draw wait for it) and then the users'
// rupee accounts (in id order), reads their applications once, decides every command in
// memory (applyPlan.ts), and writes all applications and holds with two multi-row statements.
// Nothing is answered before the batch commits; each command is answered or refused on its
// own, and a batch that fails is written again one command per transaction, so one bad
// command never fails the others.

export class IssueNotOpenedYet extends Error {}

export interface ApplyWriter {
  submit(command: QueuedApply): Promise<IpoApplication>;
}

/** Applications per batch at most; more wait for the next one. */
const batchSizeMax = 512;
/** Applications waiting at most; one more is answered system_busy at once rather than queued without bound. */
const queueMax = 8_192;
/** Batches written at once, each on its own connection: while one waits for its commit the next locks and writes. */
const lanes = 2;

/** The ledger key of a hold, from the user's own key (hashed: it may be as long as a ledger key may be). */
export const holdKeyOf = (userId: bigint, userKey: string) => `ipo-hold:${userId}:${createHash('sha256').update(userKey).digest('hex')}`;

interface Queued {
  command: QueuedApply;
  resolve: (application: IpoApplication) => void;
  reject: (error: unknown) => void;
}

type Answer = { ok: true; application: IpoApplication } | { ok: false; error: unknown };

const text = (values: readonly bigint[]) => values.map(String);

export function createApplyWriter(context: IpoContext): ApplyWriter {
  // Which ledger accounts a user has never changes once opened: looked up once per user.
  const accountsByUser = new Map<bigint, UserLedgerAccounts>();
  const queue: Queued[] = [];
  let freeLanes = lanes;
  let pumpScheduled = false;

  async function accountsOf(tx: Sql, userIds: readonly bigint[]): Promise<Map<bigint, UserLedgerAccounts>> {
    const missing = userIds.filter((userId) => !accountsByUser.has(userId));
    if (missing.length > 0) {
      const found = await ledgerAccountsOf(tx, missing.map((userId) => ({ userId, currency: 'INR' as const })));
      for (const userId of missing) {
        const accounts = found.get(userCurrencyKey(userId, 'INR'));
        // Rupee accounts exist from registration: their absence is a broken invariant.
        if (!accounts) throw new Error(`ledger: user ${userId} lacks INR ledger accounts`);
        accountsByUser.set(userId, accounts);
      }
    }
    return new Map(userIds.map((userId) => [userId, accountsByUser.get(userId)!]));
  }

  async function write(tx: Sql, commands: readonly QueuedApply[]): Promise<Answer[]> {
    const ipoIds = [...new Set(commands.map((command) => command.ipoId))].sort(compareIds);
    const issueRows = await tx.query<IssueRow>('SELECT * FROM ipo_issues WHERE id = ANY($1::bigint[]) ORDER BY id FOR SHARE', [text(ipoIds)]);
    const issues = new Map(issueRows.map((issue) => [issue.id, issue]));
    const userIds = [...new Set(commands.map((command) => command.userId))];
    const accounts = await accountsOf(tx, userIds);
    // Counted under the users' account locks: a user's applications in another batch or process queue here.
    const balances = await lockedBalances(tx, [...accounts.values()].flatMap((user) => [user.availableAccountId, user.frozenAccountId]).sort(compareIds));
    const existing = await tx.query<ApplicationRow>(
      `SELECT DISTINCT a.* FROM ipo_applications a
         JOIN unnest($1::bigint[], $2::bigint[], $3::text[]) AS k (user_id, ipo_id, idempotency_key)
           ON a.user_id = k.user_id AND (a.ipo_id = k.ipo_id OR a.idempotency_key = k.idempotency_key)`,
      [text(commands.map((command) => command.userId)), text(commands.map((command) => command.ipoId)), commands.map((command) => command.idempotencyKey)],
    );
    // A repeated key may answer an application to an issue outside the batch: its issue is read too.
    const otherIssueIds = [...new Set(existing.map((row) => row.ipo_id).filter((id) => !issues.has(id)))];
    if (otherIssueIds.length > 0) {
      for (const issue of await tx.query<IssueRow>('SELECT * FROM ipo_issues WHERE id = ANY($1::bigint[])', [text(otherIssueIds)])) issues.set(issue.id, issue);
    }
    const now = context.now();
    const outcomes = planApplications({
      now, settingCapPaise: context.settings.paise('ipo.retail_cap'), issues, existing,
      availablePaise: new Map(userIds.map((userId) => [userId, balances.get(accounts.get(userId)!.availableAccountId)!.balance])),
    }, commands);

    const inserts = outcomes.flatMap((outcome, index) => (outcome.kind === 'insert' ? [{ index, amountPaise: outcome.amountPaise }] : []));
    const inserted = await insertApplications(tx, inserts.map(({ index, amountPaise }) => ({ command: commands[index]!, amountPaise })), issues, accounts, now);
    const insertedByCommand = new Map(inserts.map(({ index }, position) => [index, inserted[position]!]));
    return outcomes.map((outcome, index) => answerOf(outcome, index, commands[index]!, issues, insertedByCommand));
  }

  async function insertApplications(
    tx: Sql, inserts: readonly { command: QueuedApply; amountPaise: bigint }[], issues: ReadonlyMap<bigint, IssueRow>,
    accounts: ReadonlyMap<bigint, UserLedgerAccounts>, now: number,
  ): Promise<ApplicationRow[]> {
    if (inserts.length === 0) return [];
    const [ids] = await tx.query<{ application_ids: unknown[]; transfer_ids: unknown[] }>(
      `SELECT ARRAY(SELECT nextval('ipo_applications_id_seq') FROM generate_series(1, $1)) AS application_ids,
              ARRAY(SELECT nextval('ledger_transfers_id_seq') FROM generate_series(1, $1)) AS transfer_ids`,
      [inserts.length],
    );
    // bigint[] arrives as text from pg and as bigint from PGlite.
    const applicationIds = ids!.application_ids.map((value) => BigInt(value as string | bigint));
    const transferIds = ids!.transfer_ids.map((value) => BigInt(value as string | bigint));
    const transfers: (TransferCommand & { id: bigint })[] = inserts.map(({ command, amountPaise }, position) => {
      const issue = issues.get(command.ipoId)!;
      const { availableAccountId, frozenAccountId } = accounts.get(command.userId)!;
      return {
        id: transferIds[position]!,
        idempotencyKey: holdKeyOf(command.userId, command.idempotencyKey),
        kind: 'ipo_hold',
        reasonKind: 'ipo_application_held',
        reasonParams: { ipo_id: issue.id.toString(), code: issue.code, quantity: (BigInt(issue.lot) * BigInt(command.lots)).toString(), amount: rupeesParam(amountPaise) },
        userId: command.userId,
        postings: [
          { accountId: availableAccountId, currency: 'INR', amount: -amountPaise },
          { accountId: frozenAccountId, currency: 'INR', amount: amountPaise },
        ],
      };
    });
    // The plan checked every balance under the locks held since: the transfers go in as one statement.
    await appendTransfers(tx, transfers);
    const at = new Date(now);
    const rows = await tx.query<ApplicationRow>(
      `INSERT INTO ipo_applications (id, ipo_id, user_id, idempotency_key, price_paise, lot, lots, amount_held_paise, pseudonym,
                                     hold_transfer_id, created_at, updated_at)
       SELECT id, ipo_id, user_id, idempotency_key, price_paise, lot, lots, amount_held_paise, pseudonym, hold_transfer_id, $11, $11
         FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::text[], $5::bigint[], $6::int[], $7::int[], $8::bigint[], $9::text[], $10::bigint[])
           AS r (id, ipo_id, user_id, idempotency_key, price_paise, lot, lots, amount_held_paise, pseudonym, hold_transfer_id)
       RETURNING *`,
      [
        text(applicationIds), text(inserts.map(({ command }) => command.ipoId)), text(inserts.map(({ command }) => command.userId)),
        inserts.map(({ command }) => command.idempotencyKey), text(inserts.map(({ command }) => issues.get(command.ipoId)!.price_paise)),
        inserts.map(({ command }) => issues.get(command.ipoId)!.lot), inserts.map(({ command }) => command.lots), text(inserts.map(({ amountPaise }) => amountPaise)),
        inserts.map(({ command }, position) => {
          const issue = issues.get(command.ipoId)!;
          return pseudonymOf(issue.id.toString(), applicationIds[position]!.toString(), issue.server_seed!);
        }),
        text(transferIds), at,
      ],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return applicationIds.map((id) => byId.get(id)!);
  }

  function answerOf(outcome: ApplyOutcome, index: number, command: QueuedApply, issues: ReadonlyMap<bigint, IssueRow>, inserted: ReadonlyMap<number, ApplicationRow>): Answer {
    switch (outcome.kind) {
      case 'insert':
        return { ok: true, application: toIpoApplication(inserted.get(index)!, issues.get(command.ipoId)!) };
      case 'same_as':
        return { ok: true, application: toIpoApplication(inserted.get(outcome.command)!, issues.get(command.ipoId)!) };
      case 'existing':
        return { ok: true, application: toIpoApplication(outcome.row, issues.get(outcome.row.ipo_id)!) };
      case 'refused':
        return { ok: false, error: new Refusal(outcome.key, outcome.param) };
      case 'not_opened':
        return { ok: false, error: new IssueNotOpenedYet() };
    }
  }

  async function runBatch(batch: readonly Queued[], retriedAfterKeyClash = false): Promise<void> {
    try {
      const answers = await context.db.transaction((tx) => write(tx, batch.map((queued) => queued.command)));
      answers.forEach((answer, index) => (answer.ok ? batch[index]!.resolve(answer.application) : batch[index]!.reject(answer.error)));
    } catch (error) {
      // Another process committed an application under one of these keys meanwhile: read again, it is answered as a repeat.
      if (isUniqueViolation(error) && !retriedAfterKeyClash) return runBatch(batch, true);
      if (batch.length === 1) return batch[0]!.reject(error);
      // Nothing was written; each command gets its own transaction so one bad command cannot fail the others.
      for (const queued of batch) await runBatch([queued]);
    }
  }

  function pump(): void {
    while (freeLanes > 0 && queue.length > 0) {
      freeLanes -= 1;
      void runBatch(queue.splice(0, batchSizeMax)).finally(() => {
        freeLanes += 1;
        pump();
      });
    }
  }

  return {
    submit(command) {
      if (queue.length >= queueMax) return Promise.reject(new Refusal('system_busy'));
      return new Promise<IpoApplication>((resolve, reject) => {
        queue.push({ command, resolve, reject });
        if (pumpScheduled) return;
        pumpScheduled = true;
        // Let the requests parsed in this turn of the event loop join the same batch.
        setImmediate(() => {
          pumpScheduled = false;
          pump();
        });
      });
    },
  };
}

const compareIds = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);

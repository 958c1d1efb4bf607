import { formatRupees } from '../../contract/money.ts';
import type { MessageKey } from '../../contract/messages.ts';
import { effectiveState } from './states.ts';
import type { ApplicationRow, IssueRow } from './store.ts';
import { retailCapOf } from './views.ts';

// Deciding a batch of IPO applications in memory (applyWriter.ts writes what this decides).
// Pure: the writer reads everything under lock first (the issues, each user's available
// balance, each user's applications to those issues and under those keys) and this answers
// every command as if they had run one after another in the batch's order, with the same
// refusals in the same order as a single application (applications.ts).

export interface ApplyCommand {
  ipoId: bigint;
  lots: number;
  idempotencyKey: string;
}

export interface QueuedApply extends ApplyCommand {
  userId: bigint;
}

export interface ApplyPlanInput {
  now: number;
  /** The retail cap setting, for issues that take it (retailCapOf). */
  settingCapPaise: bigint;
  issues: ReadonlyMap<bigint, IssueRow>;
  /** Each user's available rupee balance, read under the account locks. */
  availablePaise: ReadonlyMap<bigint, bigint>;
  /** The users' applications to the batch's issues or under the batch's keys, read under the same locks. */
  existing: readonly ApplicationRow[];
}

export type ApplyOutcome =
  /** Write a new application holding `amountPaise`. */
  | { kind: 'insert'; amountPaise: bigint }
  /** A repeat of a key already recorded: answered with that application. */
  | { kind: 'existing'; row: ApplicationRow }
  /** A repeat of a key an earlier command of this batch inserts: answered with its application. */
  | { kind: 'same_as'; command: number }
  | { kind: 'refused'; key: MessageKey; param?: string }
  /** Open by its dates but not opened in the database yet (no seed): the caller opens it and tries again. */
  | { kind: 'not_opened' };

const userKeyOf = (userId: bigint, idempotencyKey: string) => `${userId}:${idempotencyKey}`;
const userIssueOf = (userId: bigint, ipoId: bigint) => `${userId}:${ipoId}`;

/** The issue's refusal when it is not taking applications now, in the issue's order: withdrawn, not open yet, or over. */
export function issueRefusal(issue: IssueRow, now: number): MessageKey | null {
  const state = effectiveState(issue, now);
  if (state === 'withdrawn') return 'subscription_channel_not_open';
  if (state === 'upcoming') return 'subscription_time_not_yet_arrived';
  if (state !== 'open') return 'subscription_ended';
  return null;
}

export function planApplications(input: ApplyPlanInput, commands: readonly QueuedApply[]): ApplyOutcome[] {
  const byKey = new Map<string, ApplicationRow>();
  const counted = new Map<string, number>();
  for (const row of input.existing) {
    byKey.set(userKeyOf(row.user_id, row.idempotency_key), row);
    if (row.state !== 'withdrawn') counted.set(userIssueOf(row.user_id, row.ipo_id), (counted.get(userIssueOf(row.user_id, row.ipo_id)) ?? 0) + 1);
  }
  const available = new Map(input.availablePaise);
  const insertedByKey = new Map<string, number>();

  return commands.map((command, index): ApplyOutcome => {
    const userKey = userKeyOf(command.userId, command.idempotencyKey);
    const earlier = byKey.get(userKey);
    if (earlier) {
      if (earlier.ipo_id !== command.ipoId || earlier.lots !== command.lots) return { kind: 'refused', key: 'idempotency_key_reused' };
      return { kind: 'existing', row: earlier };
    }
    const earlierInBatch = insertedByKey.get(userKey);
    if (earlierInBatch !== undefined) {
      const first = commands[earlierInBatch]!;
      if (first.ipoId !== command.ipoId || first.lots !== command.lots) return { kind: 'refused', key: 'idempotency_key_reused' };
      return { kind: 'same_as', command: earlierInBatch };
    }

    const issue = input.issues.get(command.ipoId);
    if (!issue) return { kind: 'refused', key: 'ipo_not_found' };
    const closed = issueRefusal(issue, input.now);
    if (closed) return { kind: 'refused', key: closed };
    if (issue.state !== 'open') return { kind: 'not_opened' };
    if (!Number.isSafeInteger(command.lots) || command.lots < 1) return { kind: 'refused', key: 'ipo_not_whole_lots' };
    const amountPaise = issue.price_paise * BigInt(issue.lot) * BigInt(command.lots);
    const cap = retailCapOf(issue, input.settingCapPaise);
    if (amountPaise > cap) return { kind: 'refused', key: 'ipo_amount_above_retail_cap', param: formatRupees(cap) };
    const userIssue = userIssueOf(command.userId, issue.id);
    if ((counted.get(userIssue) ?? 0) >= issue.max_applications_per_user) {
      return { kind: 'refused', key: 'ipo_max_applications_reached', param: String(issue.max_applications_per_user) };
    }
    const left = available.get(command.userId) ?? 0n;
    if (left < amountPaise) return { kind: 'refused', key: 'insufficient_available_balance' };

    available.set(command.userId, left - amountPaise);
    counted.set(userIssue, (counted.get(userIssue) ?? 0) + 1);
    insertedByKey.set(userKey, index);
    return { kind: 'insert', amountPaise };
  });
}

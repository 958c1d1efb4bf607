import type { Logger } from 'pino';
import { type Database, isUniqueViolation, type Sql } from '../../db/database.ts';
import { refuse } from '../../http/refusal.ts';
import { appendTransfers, lockedBalances, type TransferCommand } from '../../ledger/ledger.ts';
import { ledgerAccountsOfUsers, type UserLedgerAccounts } from '../../ledger/userBalances.ts';
import type { Market } from '../../market/marketService.ts';
import { notifyAll } from '../../notifications/notifications.ts';
import type { HouseAccounts, OrderRow } from '../orderStore.ts';
import type { TradingRules } from '../rules.ts';
import { type BatchPlan, keyOf, planBatch } from './batchPlan.ts';
import { allocateIds, insertOrders, lockOrders, ordersByKeys, updateOrders } from './batchWrite.ts';
import { type CommandResult, type PlaceCommand, targetOrderOf, type WriterCommand } from './commands.ts';

// The order writer: the one owner of order and balance changes in this process.
//
// Commands queue up while batches are being written; when one commits, everything that
// arrived meanwhile becomes the next batch. A batch is one transaction: lock the order rows
// and ledger accounts it touches, decide every command in memory (batchPlan.ts), write all
// rows with a few multi-row statements, commit, and only then answer. Under load batches
// grow and each order's share of the commit shrinks; when idle a command runs at once.
// Durability is paid once per batch, and the database stays the only record: nothing is
// answered before its commit, and a crash at any point loses only uncommitted batches,
// whose callers never got an answer.

export interface OrderWriterOptions {
  db: Database;
  /** The rules in force now: read once per batch. */
  currentRules: () => TradingRules;
  /** The firm's accounts, one set per batch written at the same time (houseAccountLanes): as many batches are in flight as there are sets. */
  house: readonly HouseAccounts[];
  market: Market;
  now: () => number;
  logger?: Logger;
  /** Commands per batch at most; more wait for the next one. */
  batchSizeMax?: number;
}

export interface OrderWriter {
  submit(command: WriterCommand): Promise<CommandResult>;
  /** Resolves when every command submitted so far has been answered. */
  idle(): Promise<void>;
  /** Batches written and commands in them since start, for benchmarks and logs. */
  stats(): { batches: number; commands: number; fallbacks: number };
}

interface Queued {
  command: WriterCommand;
  resolve: (result: CommandResult) => void;
  reject: (error: unknown) => void;
}

interface Written {
  plan: BatchPlan;
  /** The committed row per command index (inserted or updated). */
  rows: Map<number, OrderRow>;
}

export function createOrderWriter({ db, currentRules, house, market, now, logger, batchSizeMax = 1024 }: OrderWriterOptions): OrderWriter {
  // Which ledger accounts a user has never changes: looked up once per user.
  const accountsByUser = new Map<bigint, UserLedgerAccounts>();
  const queue: Queued[] = [];
  const counters = { batches: 0, commands: 0, fallbacks: 0 };

  async function accountsOf(sql: Sql, userIds: Iterable<bigint>): Promise<Map<bigint, UserLedgerAccounts>> {
    const wanted = [...new Set(userIds)];
    const missing = wanted.filter((userId) => !accountsByUser.has(userId));
    if (missing.length > 0) for (const [userId, accounts] of await ledgerAccountsOfUsers(sql, missing)) accountsByUser.set(userId, accounts);
    return new Map(wanted.map((userId) => [userId, accountsByUser.get(userId)!]));
  }

  // Lock and read everything the batch touches, decide every command in memory, then write
  // all rows: a fixed handful of statements whatever the batch size. Ids are drawn from the
  // sequences up front so that every row, and every transfer's key, is known before writing.
  async function write(tx: Sql, commands: readonly WriterCommand[], lane: number): Promise<Written> {
    const accounts = await accountsOf(tx, commands.map((command) => command.userId));
    const accountIds = [...accounts.values()].flatMap((user) => [user.availableAccountId, user.frozenAccountId, user.marginAccountId]);
    const targets = [...new Set(commands.map(targetOrderOf).filter((id): id is bigint => id !== null))];
    const places = commands.filter((command): command is PlaceCommand => command.kind === 'place');
    const orders = await lockOrders(tx, targets.sort(compareIds));
    const existing = await ordersByKeys(tx, places);
    const balances = await lockedBalances(tx, accountIds.sort(compareIds));
    // At most two transfers per new order (freeze and fill) and one per other command.
    const { orderIds, transferIds } = await allocateIds(tx, places.length, commands.length + places.length);

    const plan = planBatch({
      rules: currentRules(), house: house[lane]!, market, now: now(), accounts, balances, orders,
      existing: new Map(existing.map((row) => [keyOf(row.user_id, row.idempotency_key), row])),
    }, commands);

    const transfers: (TransferCommand & { id: bigint })[] = [];
    const numbered = <T extends TransferCommand>(transfer: T) => transfers.push({ ...transfer, id: transferIds[transfers.length]! });
    const newRows = plan.inserts.map((insert, index) => {
      const id = orderIds[index]!;
      for (const transfer of insert.transfers(id)) numbered(transfer);
      return { ...insert.row, id };
    });
    for (const update of plan.updates) numbered(update.transfer);
    const inserted = await insertOrders(tx, newRows);
    const updated = await updateOrders(tx, plan.updates);
    await appendTransfers(tx, transfers);
    await notifyAll(tx, plan.updates.flatMap((update) => (update.notification ? [update.notification] : [])));

    const rows = new Map<number, OrderRow>();
    plan.inserts.forEach((insert, index) => rows.set(insert.command, inserted.get(orderIds[index]!)!));
    for (const update of plan.updates) rows.set(update.command, updated.get(update.row.id)!);
    return { plan, rows };
  }

  function answer(batch: readonly Queued[], { plan, rows }: Written): void {
    plan.outcomes.forEach((outcome, index) => {
      const { command, resolve, reject } = batch[index]!;
      try {
        switch (outcome.kind) {
          case 'inserted':
          case 'updated':
            return resolve(rows.get(index)!);
          case 'answered':
            return resolve(command.kind === 'place' && outcome.row ? sameTermsOrRefuse(outcome.row, command) : outcome.row);
          case 'same_as':
            return resolve(sameTermsOrRefuse(rows.get(outcome.command)!, command as PlaceCommand));
          case 'refused':
            return reject(outcome.error);
        }
      } catch (error) {
        reject(error);
      }
    });
  }

  async function runBatch(batch: readonly Queued[], lane: number, retriedAfterKeyClash = false): Promise<void> {
    try {
      const written = await db.transaction((tx) => write(tx, batch.map((queued) => queued.command), lane));
      counters.batches += 1;
      counters.commands += batch.length;
      answer(batch, written);
    } catch (error) {
      // A batch written at the same time committed an order under one of these keys (a
      // double tap split over two batches): looked up again now, it is answered as a repeat.
      if (isUniqueViolation(error) && !retriedAfterKeyClash) return runBatch(batch, lane, true);
      if (batch.length === 1) return batch[0]!.reject(error);
      // Something in the batch broke an assumption (a row changed under us) or the database
      // failed. Nothing was written; each command gets its own transaction so one bad
      // command cannot fail the others.
      counters.fallbacks += 1;
      logger?.warn({ err: error, commands: batch.length }, 'trading: batch failed, writing its commands one by one');
      for (const queued of batch) await runBatch([queued], lane);
    }
  }

  // One batch per lane is written at once, each on its own connection: while one waits for
  // its commit the next is already locking and writing. The database keeps them apart: a
  // batch waits for the row locks of an earlier one that touches the same orders or user
  // accounts (taken in id order, so they cannot deadlock), and then decides on what that
  // one committed. Lanes post to their own firm accounts, so they never wait on those.
  const freeLanes = house.map((_, lane) => lane);
  let pumpScheduled = false;
  const idleWaiters: (() => void)[] = [];

  function pump(): void {
    while (freeLanes.length > 0 && queue.length > 0) {
      const lane = freeLanes.shift()!;
      void runBatch(queue.splice(0, batchSizeMax), lane).finally(() => {
        freeLanes.push(lane);
        pump();
      });
    }
    if (freeLanes.length === house.length && queue.length === 0) for (const resolve of idleWaiters.splice(0)) resolve();
  }

  function schedulePump(): void {
    if (pumpScheduled) return;
    pumpScheduled = true;
    // Let the requests parsed in this turn of the event loop join the same batch.
    setImmediate(() => {
      pumpScheduled = false;
      pump();
    });
  }

  return {
    submit(command) {
      return new Promise<CommandResult>((resolve, reject) => {
        queue.push({ command, resolve, reject });
        schedulePump();
      });
    },
    idle() {
      if (freeLanes.length === house.length && queue.length === 0 && !pumpScheduled) return Promise.resolve();
      return new Promise<void>((resolve) => idleWaiters.push(resolve));
    },
    stats: () => ({ ...counters }),
  };
}

/** A repeated idempotency key answers with the first order, but only for the same terms. */
const compareIds = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);

export function sameTermsOrRefuse(row: OrderRow, command: Pick<PlaceCommand, 'code' | 'side' | 'type' | 'quantity' | 'leverage' | 'limitPaise'>): OrderRow {
  const same = row.code === command.code && row.side === command.side && row.type === command.type && row.quantity === command.quantity
    && row.leverage === command.leverage && row.limit_price_paise === command.limitPaise;
  if (!same) refuse('idempotency_key_reused');
  return row;
}

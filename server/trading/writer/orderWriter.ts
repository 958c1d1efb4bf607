import type { Logger } from 'pino';
import { type Database, inOrder, isUniqueViolation, type Sql } from '../../db/database.ts';
import { Refusal } from '../../http/refusal.ts';
import { appendTransfers, type TransferCommand } from '../../ledger/ledger.ts';
import type { LedgerCurrency } from '../../../contract/currencies.ts';
import type { Market } from '../../market/marketService.ts';
import { pledgedOrderIds } from '../../lending/pledgeStore.ts';
import { notifyAll } from '../../notifications/notifications.ts';
import type { HouseAccounts, OrderRow } from '../orderStore.ts';
import type { TradingRules } from '../rules.ts';
import { type BatchPlan, keyOf, planBatch } from './batchPlan.ts';
import { allocateIdsAndLock, insertOrders, lockOrders, ordersByKeys, updateOrders } from './batchWrite.ts';
import { isUserCommand, type PlaceCommand, type ResultOf, sameTermsOrRefuse, targetOrderOf, type WriterCommand } from './commands.ts';
import { answerOf, eventsOfInsert, eventsOfUpdate, inboxMessagesOf, type OrderEvent, type WrittenTransfer } from './events.ts';
import {
  accountsOf, compareIds, emptyWriterState, isOpen, loadMissingBalances, loadUserState, remember, snapshotOf, type UserStateSnapshot,
} from './writerState.ts';

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
//
// Balances, frozen money and open orders live in memory (writerState.ts), kept from batch
// to batch: a batch decides from memory and reads whole rows only for what is not there
// yet (a user's first command, an order written outside the writer). Why that cannot
// spend money that is not there, although other domains (deposits,
// withdrawals, fx, lending, IPOs, funds, block trades, corrections…) move the same
// balances without telling the writer:
// - The database refuses it whatever memory says: ledger_accounts_guarded_not_negative
//   (migration 0004) is a CHECK on every user account, applied by the postings' trigger.
//   Were memory ever wrong, the batch would fail as a whole, drop it, and go one by one.
// - Before deciding, every batch locks (FOR NO KEY UPDATE, in id order) the accounts it
//   involves, in the same round trip that draws its ids, and checks memory against what
//   it locked: money moved outside since the user's last batch is taken in then (counted
//   as `refreshed`). Locked, the balances cannot move until the batch commits, so it
//   decides on exactly what it commits on, refusals included: an outside deposit is seen
//   by the user's next command, and no order is refused for money that has arrived.
//   Locking before writing the postings also keeps each account's postings in the order
//   its balance moved (the ledger's history check).
// - Order rows change only here (others only insert them, fixed-price positions and
//   block trades): each update is guarded by the status it was planned from.
// - Memory is updated as a batch is planned; a batch that fails drops from memory
//   everything it touched. Dropping is always safe (the next batch reads it again), which
//   is also how the maps stay bounded.
// What memory saves: reading order rows (memory hits), idempotency keys (looked up only
// after a clash), and whole order rows back from the database.
//
// What a batch committed leaves as events (events.ts): the inbox messages are written from
// them inside the transaction; after the commit every subscriber gets them (the execution
// books, live pushes), and then each command is answered from its own events.

export interface OrderWriterOptions {
  db: Database;
  /** The rules in force now: read once per batch. */
  currentRules: () => TradingRules;
  /** The firm's accounts per currency, one set per batch written at the same time (houseAccountLanes): as many batches are in flight as there are sets. */
  house: readonly ReadonlyMap<LedgerCurrency, HouseAccounts>[];
  market: Market;
  now: () => number;
  logger?: Logger;
  /** Commands per batch at most; more wait for the next one. */
  batchSizeMax?: number;
  /** Users' commands waiting at most; one more is answered system_busy at once rather than queued without bound. */
  queueMax?: number;
  /**
   * Open orders (pending or holding) the execution books can watch, and how many there are
   * at start: a new order beyond the limit is refused (order_book_full) before it is written.
   */
  openOrders?: { max: number; atStart: number };
}

export type OrderEventListener = (events: readonly OrderEvent[]) => void;

export interface OrderWriter {
  submit<Command extends WriterCommand>(command: Command): Promise<ResultOf<Command>>;
  /** Adds a listener for what each batch committed; it runs after the commit, before the batch's answers. */
  subscribe(listener: OrderEventListener): () => void;
  /**
   * Hands subscribers events of orders written outside the writer, after their transaction
   * committed (fixed-price positions, server/trading/fixedPricePositions.ts). Each accepted
   * order takes its room in the books, as the writer's own do.
   */
  announce(events: readonly OrderEvent[]): void;
  /** Resolves when every command submitted so far has been answered. */
  idle(): Promise<void>;
  /** Batches written and commands in them since start, for benchmarks and logs; `replans`: batches planned again after a key clash; `refreshed`: balances found moved outside the writer. */
  stats(): { batches: number; commands: number; fallbacks: number; replans: number; refreshed: number; refusedBusy: number; openOrders: number };
  /** Reads these users' balances and open orders from the database into memory, as at start; call it while idle. */
  rebuild(userIds: readonly bigint[]): Promise<void>;
  /** What memory holds for these users: once each has been through a batch, exactly what the database holds. */
  snapshot(userIds: readonly bigint[]): UserStateSnapshot;
}

interface Queued {
  command: WriterCommand;
  resolve: (result: OrderRow | null) => void;
  reject: (error: unknown) => void;
}

interface Written {
  plan: BatchPlan;
  /** The events of each command, by its index in the batch. */
  eventsByCommand: Map<number, OrderEvent[]>;
  /** Open orders the batch ended (cancels, closes): their room in the books is free once it commits. */
  ended: number;
}

/** What one attempt at a batch changed in memory, dropped again if the attempt fails. */
interface Touched {
  orders: number;
  accountIds: bigint[];
  orderIds: bigint[];
}

const defaultQueueMax = 16_384;
/** Subscribers are wired once at start; more than this is a leak. */
const listenersMax = 8;

export function createOrderWriter({
  db, currentRules, house, market, now, logger, batchSizeMax = 1024, queueMax = defaultQueueMax, openOrders = { max: Number.POSITIVE_INFINITY, atStart: 0 },
}: OrderWriterOptions): OrderWriter {
  // Which ledger accounts a user has in a currency never changes once opened: looked up once
  // per (user, currency). Not having any is not remembered: an exchange may open them.
  const state = emptyWriterState();
  // A queue per lane, each user's commands always in the same one: two lanes never lock the same
  // accounts or orders, so their batches run side by side, and a user's commands keep their order.
  const queues: Queued[][] = house.map(() => []);
  const laneOf = (command: WriterCommand) => Number(command.userId % BigInt(house.length));
  const nothingQueued = () => queues.every((queue) => queue.length === 0);
  let queuedUserCommands = 0;
  const counters = { batches: 0, commands: 0, fallbacks: 0, replans: 0, refreshed: 0, refusedBusy: 0 };
  const listeners = new Set<OrderEventListener>();
  // Open orders committed or taken by a batch in flight. A batch takes room for its new
  // orders as it plans them and gives back what it ended only after its commit, so two
  // batches in flight can never promise the books more than they hold.
  let openOrderCount = openOrders.atStart;

  function forget(touched: Touched): void {
    for (const id of touched.accountIds) state.balances.delete(id);
    for (const id of touched.orderIds) state.orders.delete(id);
    touched.accountIds = [];
    touched.orderIds = [];
  }

  // Decide every command from memory (reading, under lock, only what memory lacks), then
  // write all rows: a fixed handful of statements whatever the batch size. Ids are drawn from
  // the sequences up front so that every row, and every transfer's key, is known before
  // writing. Idempotency keys are looked up only after a key clash: a repeat is rare, and
  // the orders' unique key catches it.
  async function write(tx: Sql, commands: readonly WriterCommand[], lane: number, taken: Touched, lookUpKeys: boolean): Promise<Written> {
    // A retried transaction (deadlock, serialization) starts again from the database.
    forget(taken);
    const targets = [...new Set(commands.map(targetOrderOf).filter((id): id is bigint => id !== null))].sort(compareIds);
    const places = commands.filter((command): command is PlaceCommand => command.kind === 'place');
    const orders = new Map<bigint, OrderRow>();
    const missingOrders: bigint[] = [];
    for (const id of targets) {
      const row = state.orders.get(id);
      if (row) orders.set(id, row);
      else missingOrders.push(id);
    }
    // Orders written outside the writer, or ended ones a repeated cancel or close answers with.
    for (const [id, row] of await lockOrders(tx, missingOrders)) {
      orders.set(id, row);
      if (isOpen(row)) remember(state.orders, id, row);
    }
    taken.orderIds = targets;
    // Each command moves money in its order's currency: a new order's instrument's, or the
    // order row's (a command whose order is gone is refused without touching money).
    const accounts = await accountsOf(tx, state, commands.flatMap((command) => {
      const currency = command.kind === 'place' ? command.currency : orders.get(command.orderId)?.currency;
      return currency ? [{ userId: command.userId, currency }] : [];
    }));
    const accountIds = [...new Set([...accounts.values()].flatMap((user) => [user.availableAccountId, user.frozenAccountId, user.marginAccountId]))].sort(compareIds);
    const existing = lookUpKeys ? await ordersByKeys(tx, places) : [];
    await loadMissingBalances(tx, state, accountIds);
    taken.accountIds = accountIds;
    const balances = new Map(accountIds.map((id) => [id, state.balances.get(id)!]));
    // One transfer per command at most (a new order's hold or its fill; a change's own). The
    // locked balances are what memory must hold: anything moved outside the writer since the
    // last batch of these users is taken in here, before deciding.
    const { orderIds, transferIds, balances: locked } = await allocateIdsAndLock(tx, places.length, commands.length, accountIds);
    for (const [id, account] of balances) {
      const committed = locked.get(id);
      if (committed === undefined) throw new Error(`trading: ledger account ${id} vanished`);
      if (account.balance !== committed) {
        counters.refreshed += 1;
        account.balance = committed;
      }
    }

    const room = Math.max(0, openOrders.max - openOrderCount);
    // Pledge hook: read after the order rows are locked, so a pledge committed before is seen.
    const pledgedOrders = await pledgedOrderIds(tx, commands.flatMap((command) => (command.kind === 'close' && !command.sellsPledge ? [command.orderId] : [])));
    const context = {
      rules: currentRules(), house: house[lane]!, market, now: now(), accounts, balances, orders, openOrderRoom: room, pledgedOrders,
      existing: new Map(existing.map((row) => [keyOf(row.user_id, row.idempotency_key), row])),
    };
    const plan = planBatch(context, commands);
    taken.orders = room - context.openOrderRoom;
    openOrderCount += taken.orders;
    for (const { row } of plan.updates) {
      if (isOpen(row)) remember(state.orders, row.id, row);
      else state.orders.delete(row.id);
    }

    const transfers: (TransferCommand & { id: bigint })[] = [];
    const numbered = (transfer: TransferCommand, orderId: bigint): WrittenTransfer => {
      const id = transferIds[transfers.length]!;
      transfers.push({ ...transfer, id });
      return { id, kind: transfer.kind, userId: transfer.userId!, orderId };
    };
    // Transfers are numbered, and their postings written, in the order the commands were
    // decided: each account's postings then move its balance in the order the plan checked.
    const insertTransfers = new Map<number, WrittenTransfer[]>();
    const updateTransfers: WrittenTransfer[] = [];
    const insertOf = new Map(plan.inserts.map((insert, index) => [insert.command, index]));
    const updateOf = new Map(plan.updates.map((update, index) => [update.command, index]));
    for (let command = 0; command < commands.length; command++) {
      const inserted = insertOf.get(command);
      if (inserted !== undefined) {
        const id = orderIds[inserted]!;
        insertTransfers.set(command, plan.inserts[inserted]!.transfers(id).map((transfer) => numbered(transfer, id)));
      }
      const updated = updateOf.get(command);
      if (updated !== undefined) updateTransfers[updated] = numbered(plan.updates[updated]!.transfer, plan.updates[updated]!.row.id);
    }
    const createdAt = new Date(context.now);
    const newRows = plan.inserts.map((insert, index): OrderRow => ({ ...insert.row, id: orderIds[index]!, created_at: createdAt }));
    const eventsByCommand = new Map<number, OrderEvent[]>();
    plan.inserts.forEach((insert, index) => {
      eventsByCommand.set(insert.command, eventsOfInsert(commands[insert.command] as PlaceCommand, newRows[index]!, insertTransfers.get(insert.command)!));
    });
    plan.updates.forEach((update, index) => {
      const command = commands[update.command]!;
      if (command.kind === 'place') throw new Error('trading: a place command planned as an update');
      eventsByCommand.set(update.command, eventsOfUpdate(command, update.row, updateTransfers[index]!));
    });
    // Every row is known now: the writes go out together and hold the transaction open one round trip.
    await inOrder([insertOrders(tx, newRows), updateOrders(tx, plan.updates), appendTransfers(tx, transfers), notifyAll(tx, inboxMessagesOf([...eventsByCommand.values()].flat()))]);
    for (const row of newRows) if (isOpen(row)) remember(state.orders, row.id, row);
    for (const { row } of plan.updates) if (isOpen(row)) remember(state.orders, row.id, row);
    const ended = plan.updates.filter((update) => update.row.status === 'cancelled' || update.row.status === 'closed').length;
    return { plan, eventsByCommand, ended };
  }

  function publish(events: readonly OrderEvent[]): void {
    if (events.length === 0) return;
    for (const listener of listeners) {
      // A listener that fails must not fail the others, nor the answers: the batch is committed.
      try {
        listener(events);
      } catch (error) {
        logger?.error({ err: error }, 'trading: an order event listener failed');
      }
    }
  }

  function answer(batch: readonly Queued[], { plan, eventsByCommand }: Written): void {
    plan.outcomes.forEach((outcome, index) => {
      const { command, resolve, reject } = batch[index]!;
      try {
        switch (outcome.kind) {
          case 'inserted':
          case 'updated':
            return resolve(answerOf(eventsByCommand.get(index)!));
          case 'answered':
            return resolve(command.kind === 'place' && outcome.row ? sameTermsOrRefuse(outcome.row, command) : outcome.row);
          case 'same_as':
            return resolve(sameTermsOrRefuse(answerOf(eventsByCommand.get(outcome.command)!)!, command as PlaceCommand));
          case 'refused':
            return reject(outcome.error);
        }
      } catch (error) {
        reject(error);
      }
    });
  }

  async function runBatch(batch: readonly Queued[], lane: number, retried = false): Promise<void> {
    const taken: Touched = { orders: 0, accountIds: [], orderIds: [] };
    try {
      const written = await db.transaction((tx) => write(tx, batch.map((queued) => queued.command), lane, taken, retried));
      counters.batches += 1;
      counters.commands += batch.length;
      openOrderCount -= written.ended;
      publish([...written.eventsByCommand.values()].flat());
      answer(batch, written);
    } catch (error) {
      // Nothing was written: the room the batch took in the books is free again, and what
      // it changed in memory is read again from the database by the next batch needing it.
      openOrderCount -= taken.orders;
      forget(taken);
      // A key used before (a repeat, or a double tap split over two batches): planned again
      // with the keys looked up, and answered as a repeat.
      if (isUniqueViolation(error) && !retried) {
        counters.replans += 1;
        return runBatch(batch, lane, true);
      }
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
  // its commit the other is already locking and writing. Lanes hold different users and post
  // to their own firm accounts, so they never wait on each other's locks.
  const busyLanes = new Set<number>();
  let pumpScheduled = false;
  const idleWaiters: (() => void)[] = [];

  function pump(): void {
    for (let lane = 0; lane < queues.length; lane++) {
      const queue = queues[lane]!;
      if (busyLanes.has(lane) || queue.length === 0) continue;
      busyLanes.add(lane);
      const batch = queue.splice(0, batchSizeMax);
      queuedUserCommands -= batch.filter((entry) => isUserCommand(entry.command)).length;
      void runBatch(batch, lane).finally(() => {
        busyLanes.delete(lane);
        pump();
      });
    }
    if (busyLanes.size === 0 && nothingQueued()) for (const resolve of idleWaiters.splice(0)) resolve();
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
    submit<Command extends WriterCommand>(command: Command): Promise<ResultOf<Command>> {
      if (isUserCommand(command)) {
        if (queuedUserCommands >= queueMax) {
          counters.refusedBusy += 1;
          return Promise.reject(new Refusal('system_busy'));
        }
        queuedUserCommands += 1;
      }
      return new Promise<ResultOf<Command>>((resolve, reject) => {
        queues[laneOf(command)]!.push({ command, resolve: resolve as (result: OrderRow | null) => void, reject });
        schedulePump();
      });
    },
    subscribe(listener) {
      if (listeners.size >= listenersMax) throw new Error('trading: too many order event listeners');
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    announce(events) {
      openOrderCount += events.filter((event) => event.kind === 'order_accepted').length;
      publish(events);
    },
    idle() {
      if (busyLanes.size === 0 && nothingQueued() && !pumpScheduled) return Promise.resolve();
      return new Promise<void>((resolve) => idleWaiters.push(resolve));
    },
    stats: () => ({ ...counters, openOrders: openOrderCount }),
    async rebuild(userIds) {
      const loaded = await loadUserState(db, userIds);
      for (const id of [...state.orders.keys()]) if (userIds.includes(state.orders.get(id)!.user_id)) state.orders.delete(id);
      for (const [key, accounts] of loaded.accounts) remember(state.accounts, key, accounts);
      for (const [id, account] of loaded.balances) remember(state.balances, id, account);
      for (const [id, row] of loaded.orders) remember(state.orders, id, row);
    },
    snapshot: (userIds) => snapshotOf(state, userIds),
  };
}


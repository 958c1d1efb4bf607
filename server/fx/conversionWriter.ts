import type { LedgerCurrency } from '../../contract/currencies.ts';
import type { MessageKey } from '../../contract/messages.ts';
import { ledgerMoneyParam } from '../../contract/statementReasons.ts';
import type { Database, Sql } from '../db/database.ts';
import { Refusal, refuse } from '../http/refusal.ts';
import { appendTransfers, lockedBalances, type TransferCommand } from '../ledger/ledger.ts';
import { openUserLedgerAccounts } from '../ledger/userBalances.ts';
import { lockQuotesForConversion, markConverted, type QuoteRow } from './fxStore.ts';
import { formatRate } from './rateMath.ts';

// Conversions are written in batches, one transaction at a time: the requests that arrive
// while a batch commits form the next one. Each batch locks its quotes (in id order), decides
// every conversion under those locks, locks every account it moves and checks the balances as
// the ledger's transfer() would, then writes all its transfers and marks all its quotes in one
// statement each. Under load a conversion costs a fraction of a round trip to the database
// instead of seven; alone, it costs what it did. A refusal is one conversion's answer, never
// the batch's: only an unexpected error fails the batch, and then every conversion in it.

export interface ConversionRequest {
  userId: bigint;
  quoteId: string;
  idempotencyKey: string;
  /** When the user asked: a quote expired by then is refused. */
  now: number;
  /** The firm's FX account of the user's lane, per currency (opened and committed beforehand). */
  house: ReadonlyMap<LedgerCurrency, bigint>;
}

export interface ConversionOutcome {
  converted: QuoteRow;
  /** The user's available money in the two currencies right after this conversion; null for a repeat of an earlier one. */
  balancesAfter: { from: bigint; to: bigint } | null;
}

export interface ConversionWriter {
  convert(request: ConversionRequest): Promise<ConversionOutcome>;
}

type Pending = ConversionRequest & { resolve: (outcome: ConversionOutcome) => void; reject: (error: unknown) => void };
type Decision = { outcome: ConversionOutcome } | { refusal: MessageKey } | { sameAs: number };

const batchMax = 64;
/** Conversions waiting beyond this are refused at once (system_busy) rather than queued for seconds. */
const queueMax = 2_000;

export function createConversionWriter(db: Database): ConversionWriter {
  const queue: Pending[] = [];
  let writing = false;

  async function drain() {
    writing = true;
    try {
      while (queue.length > 0) {
        const batch = queue.splice(0, batchMax);
        try {
          const decisions = await db.transaction((tx) => writeBatch(tx, batch));
          batch.forEach((item, index) => settle(item, decisions, index));
        } catch (error) {
          for (const item of batch) item.reject(error);
        }
      }
    } finally {
      writing = false;
    }
  }

  return {
    convert(request) {
      if (queue.length >= queueMax) refuse('system_busy');
      return new Promise<ConversionOutcome>((resolve, reject) => {
        queue.push({ ...request, resolve, reject });
        if (!writing) void drain();
      });
    },
  };
}

function settle(item: Pending, decisions: Decision[], index: number): void {
  let decision = decisions[index]!;
  while ('sameAs' in decision) decision = decisions[decision.sameAs]!;
  if ('refusal' in decision) item.reject(new Refusal(decision.refusal));
  // A repeat in the same batch answers like a repeat after it: with the conversion, not the balances of its moment.
  else item.resolve(decisions[index] === decision ? decision.outcome : { ...decision.outcome, balancesAfter: null });
}

/** Decides and writes one batch; answers a decision per request, in order. Safe to run again (the transaction is retried on deadlocks). */
async function writeBatch(tx: Sql, batch: readonly Pending[]): Promise<Decision[]> {
  const quotes = await lockQuotesForConversion(tx, batch.map((item) => ({ userId: item.userId, quoteId: item.quoteId, idempotencyKey: item.idempotencyKey })));
  const decisions: Decision[] = [];
  /** Quotes this batch converts: the index of the request that did and its key. */
  const convertedHere = new Map<string, { index: number; key: string }>();
  const keysHere = new Set<string>();
  const accepted: { index: number; quote: (typeof quotes)[number] & object; fromAccountId: bigint; toAccountId: bigint }[] = [];

  for (const [index, item] of batch.entries()) {
    const quote = quotes[index];
    const userKey = `${item.userId}:${item.idempotencyKey}`;
    const earlier = quote ? convertedHere.get(quote.id.toString()) : undefined;
    if (!quote) decisions.push({ refusal: 'fx_quote_not_found' });
    else if (quote.converted_at) decisions.push(quote.idempotency_key === item.idempotencyKey ? { outcome: { converted: quote, balancesAfter: null } } : { refusal: 'fx_quote_already_used' });
    else if (earlier) decisions.push(earlier.key === item.idempotencyKey ? { sameAs: earlier.index } : { refusal: 'fx_quote_already_used' });
    else if (item.now > new Date(quote.expires_at).getTime()) decisions.push({ refusal: 'fx_quote_expired' });
    else if (quote.key_quote_id !== null || keysHere.has(userKey)) decisions.push({ refusal: 'idempotency_key_reused' });
    else if (quote.from_account_id === null) decisions.push({ refusal: 'insufficient_available_balance' });
    else {
      // The user's accounts in `to` open on first use, in this transaction.
      const toAccountId = quote.to_account_id ?? (await openUserLedgerAccounts(tx, item.userId, quote.to_currency)).availableAccountId;
      convertedHere.set(quote.id.toString(), { index, key: item.idempotencyKey });
      keysHere.add(userKey);
      accepted.push({ index, quote, fromAccountId: quote.from_account_id, toAccountId });
      decisions.push({ refusal: 'system_busy' }); // replaced below by the outcome or by the balance refusal
    }
  }
  if (accepted.length === 0) return decisions;

  const postingsOf = ({ index, quote, fromAccountId, toAccountId }: (typeof accepted)[number]) => {
    const house = batch[index]!.house;
    const { from_currency: from, to_currency: to } = quote;
    return [
      { accountId: fromAccountId, currency: from, amount: -quote.amount_minor },
      { accountId: house.get(from)!, currency: from, amount: quote.amount_minor },
      { accountId: house.get(to)!, currency: to, amount: -quote.receive_minor },
      { accountId: toAccountId, currency: to, amount: quote.receive_minor },
    ];
  };
  // Every account the batch moves, locked in id order, then the conversions applied one by one as transfer() checks them.
  const accountIds = [...new Set(accepted.flatMap((conversion) => postingsOf(conversion).map((posting) => posting.accountId)))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const accounts = await lockedBalances(tx, accountIds);
  const written: { conversion: (typeof accepted)[number]; balancesAfter: { from: bigint; to: bigint } }[] = [];
  for (const conversion of accepted) {
    const postings = postingsOf(conversion);
    const fits = postings.every((posting) => {
      const account = accounts.get(posting.accountId)!;
      return account.allowNegative || account.balance + posting.amount >= 0n;
    });
    if (!fits) {
      decisions[conversion.index] = { refusal: 'insufficient_available_balance' };
      convertedHere.delete(conversion.quote.id.toString());
      continue;
    }
    for (const posting of postings) accounts.get(posting.accountId)!.balance += posting.amount;
    written.push({ conversion, balancesAfter: { from: accounts.get(conversion.fromAccountId)!.balance, to: accounts.get(conversion.toAccountId)!.balance } });
  }
  if (written.length === 0) return decisions;

  const [row] = await tx.query<{ ids: unknown[] }>("SELECT ARRAY(SELECT nextval('ledger_transfers_id_seq') FROM generate_series(1, $1)) AS ids", [written.length]);
  // bigint[] arrives as text from pg and as bigint from PGlite.
  const transferIds = row!.ids.map((value) => BigInt(value as string | bigint));
  const transfers: (TransferCommand & { id: bigint })[] = written.map(({ conversion }, position) => ({
    id: transferIds[position]!,
    idempotencyKey: `fx-quote:${conversion.quote.id}`,
    kind: 'fx_convert',
    reasonKind: 'fx_converted',
    reasonParams: {
      quote_id: conversion.quote.id.toString(),
      sold: ledgerMoneyParam(conversion.quote.amount_minor, conversion.quote.from_currency),
      bought: ledgerMoneyParam(conversion.quote.receive_minor, conversion.quote.to_currency),
      rate: formatRate(conversion.quote.rate_scaled),
    },
    userId: batch[conversion.index]!.userId,
    postings: postingsOf(conversion),
  }));
  await appendTransfers(tx, transfers);
  const marked = await markConverted(
    tx,
    written.map(({ conversion }, position) => ({
      quoteId: conversion.quote.id, at: new Date(batch[conversion.index]!.now), idempotencyKey: batch[conversion.index]!.idempotencyKey, transferId: transferIds[position]!,
    })),
  );
  for (const { conversion, balancesAfter } of written) {
    decisions[conversion.index] = { outcome: { converted: marked.get(conversion.quote.id.toString())!, balancesAfter } };
  }
  return decisions;
}

import { type StatementReasonKind, type StatementReasonParams, statementReasonParams } from '../../contract/statementReasons.ts';
import type { LedgerCurrency } from '../../contract/currencies.ts';
import type { Sql } from '../db/database.ts';
import { refuse } from '../http/refusal.ts';

// Double-entry ledger. Every money movement is one transfer made of postings that sum
// to zero in each currency; a balance is the sum of an account's postings, in the account's
// one currency (minor units, contract/currencies.ts). Rows are never updated or
// deleted (the database refuses it too). Callers run these inside a transaction.

export const ledgerAccountKinds = [
  'user_available',
  'user_frozen',
  // money a user has in open positions
  'user_margin',
  'demo_funding',
  // the firm's side: fees earned, taxes collected for the exchange and government, the trading counterparty
  'house_fees',
  'house_taxes',
  'house_settlement',
  // the firm's collection bank: users' deposits come from it and payouts go back to it
  'house_bank',
  // the firm's currency position: an exchange takes one currency in and pays another out
  'house_fx',
  // the firm's lending book (the money lent out) and the interest it has earned
  'house_lending',
  'house_interest',
  // what a user owes on loans: a negative balance
  'user_loan',
  // placement and rights-issue money allotted and on its way into the user's position (zero between allotments)
  'house_placement_escrow',
  // IPO money paid for allotted shares, held until listing turns it into the users' positions (zero per issue once listed)
  'house_ipo_escrow',
  // strategy funds' management fees, accrued daily from each fund's cash (server/funds/fees.ts)
  'house_fund_fees',
  // promotions (server/promotion/): the firm's promotion budget, paid out to users by published rules (a negative balance: spent)
  'house_promotions',
] as const;
export type LedgerAccountKind = (typeof ledgerAccountKinds)[number];

export const transferKinds = [
  'demo_funding', 'freeze', 'unfreeze', 'test', 'order_freeze', 'order_fill', 'order_cancel', 'position_close',
  'deposit', 'withdrawal_hold', 'withdrawal_release', 'withdrawal_payout',
  'fx_convert', 'loan_borrow', 'loan_interest', 'loan_repay', 'pledge_sale', 'position_open',
  'placement_hold', 'placement_release', 'placement_allot',
  'ipo_hold', 'ipo_release', 'ipo_allot',
  'fund_subscription_hold', 'fund_subscription_release', 'fund_subscription_convert', 'fund_redemption_payout', 'fund_management_fee',
  // promotions (server/promotion/)
  'promotion_rebate',
] as const;
export type TransferKind = (typeof transferKinds)[number];

/** The reasons each kind of transfer may give: a fill is never explained as a deposit. */
export const reasonKindsOf: Record<TransferKind, readonly StatementReasonKind[]> = {
  demo_funding: ['demo_funding'],
  freeze: ['correction'],
  unfreeze: ['correction'],
  test: ['correction'],
  order_freeze: ['order_margin_held'],
  order_fill: ['order_filled'],
  order_cancel: ['order_cancelled'],
  position_close: ['position_closed', 'position_closed_by_margin_call', 'position_squared_off'],
  // A position bought at a fixed price outside the market (server/trading/fixedPricePositions.ts).
  position_open: ['position_opened_from_ipo', 'position_opened_from_placement', 'position_opened_from_block', 'position_opened_from_vip'],
  deposit: ['deposit_received'],
  withdrawal_hold: ['withdrawal_held'],
  withdrawal_release: ['withdrawal_rejected'],
  withdrawal_payout: ['withdrawal_paid'],
  fx_convert: ['fx_converted'],
  loan_borrow: ['loan_borrowed'],
  loan_interest: ['loan_interest_accrued'],
  loan_repay: ['loan_repaid'],
  pledge_sale: ['pledge_sold'],
  placement_hold: ['placement_application_held'],
  placement_release: ['placement_application_released'],
  placement_allot: ['placement_allotted'],
  ipo_hold: ['ipo_application_held'],
  ipo_release: ['ipo_application_released'],
  // one transfer per application at the draw: the price of the allotted shares paid, the rest released
  ipo_allot: ['ipo_allotted'],
  // strategy funds (server/funds/): a subscription's money held until the next NAV, released if the fund cannot take it,
  // or converted into units (the subscriber's frozen money into the fund's cash); units paid out at a NAV; the daily fee
  fund_subscription_hold: ['fund_subscription_held'],
  fund_subscription_release: ['fund_subscription_released'],
  fund_subscription_convert: ['fund_units_bought'],
  fund_redemption_payout: ['fund_units_redeemed', 'fund_final_payout'],
  fund_management_fee: ['fund_management_fee'],
  // the fee rebate for new accounts, paid by its rule from the promotions account (server/promotion/rebateJob.ts)
  promotion_rebate: ['promotion_fee_rebate'],
};

/** Money moved into (positive) or out of (negative) one account, in minor units of the account's currency. */
export interface Posting {
  accountId: bigint;
  currency: LedgerCurrency;
  amount: bigint;
}

/**
 * Why the money moved, as the user's statement shows it: a kind and its typed parameters
 * (contract/statementReasons.ts); the app and the CSV write the sentence in the reader's
 * language. A correction's parameters carry the reason the person gave.
 */
export type TransferReason = {
  [Kind in StatementReasonKind]: { reasonKind: Kind; reasonParams: StatementReasonParams<Kind> };
}[StatementReasonKind];

export type TransferCommand = TransferReason & {
  idempotencyKey: string;
  kind: TransferKind;
  userId?: bigint;
  postings: readonly Posting[];
};

export interface TransferResult {
  transferId: bigint;
  /** true when the idempotency key had already been used for this same transfer. */
  replayed: boolean;
}

export const idempotencyKeyPattern = /^[A-Za-z0-9_.:-]{8,128}$/;
const postingsPerTransferMax = 16;

export function assertTransferIsWellFormed(command: TransferCommand): void {
  if (!idempotencyKeyPattern.test(command.idempotencyKey)) throw new Error('ledger: malformed idempotency key');
  if (!reasonKindsOf[command.kind].includes(command.reasonKind)) throw new Error(`ledger: a ${command.kind} transfer cannot give the reason ${command.reasonKind}`);
  const { postings } = command;
  if (postings.length < 2 || postings.length > postingsPerTransferMax) throw new Error('ledger: a transfer has 2..16 postings');
  const sums = new Map<LedgerCurrency, bigint>();
  for (const posting of postings) {
    if (posting.amount === 0n) throw new Error('ledger: a posting moves a non-zero amount');
    sums.set(posting.currency, (sums.get(posting.currency) ?? 0n) + posting.amount);
  }
  for (const [currency, sum] of sums) if (sum !== 0n) throw new Error(`ledger: ${currency} postings sum to ${sum}, not zero`);
}

/**
 * The reason's parameters as stored, checked against their kind: the types already say so,
 * parsing again keeps a caller that cast its way past them from writing a line no one can read.
 */
function reasonParamsJson(command: TransferCommand): string {
  return JSON.stringify(statementReasonParams[command.reasonKind].parse(command.reasonParams));
}

/** A stable description of what the transfer does, to tell a true retry from a reused key. */
function fingerprintOf(command: TransferCommand): string {
  const legs = command.postings.map((posting) => `${posting.accountId}:${posting.amount}${posting.currency}`).sort();
  return `${command.kind}|${legs.join(',')}`;
}

/**
 * Records a transfer exactly once per idempotency key. Refuses with
 * 'insufficient_available_balance' when an account that may not go negative would,
 * and with 'idempotency_key_reused' when the key was used for a different transfer.
 */
export async function transfer(tx: Sql, command: TransferCommand): Promise<TransferResult> {
  assertTransferIsWellFormed(command);
  const fingerprint = fingerprintOf(command);
  const reasonParams = reasonParamsJson(command);

  // A concurrent transaction holding the same key makes this insert wait for its outcome.
  const inserted = await tx.query<{ id: bigint }>(
    `INSERT INTO ledger_transfers (idempotency_key, kind, reason_kind, reason_params, request_fingerprint, user_id)
     VALUES ($1, $2, $3, ($4::text)::jsonb, $5, $6)
     ON CONFLICT (idempotency_key) DO NOTHING
     RETURNING id`,
    [command.idempotencyKey, command.kind, command.reasonKind, reasonParams, fingerprint, command.userId?.toString() ?? null],
  );
  const transferId = inserted[0]?.id;
  if (transferId === undefined) {
    const [earlier] = await tx.query<{ id: bigint; request_fingerprint: string }>(
      'SELECT id, request_fingerprint FROM ledger_transfers WHERE idempotency_key = $1',
      [command.idempotencyKey],
    );
    if (!earlier) throw new Error('ledger: idempotency key vanished');
    if (earlier.request_fingerprint !== fingerprint) refuse('idempotency_key_reused');
    return { transferId: earlier.id, replayed: true };
  }

  const deltas = netChanges(command.postings);
  const accountIds = [...deltas.keys()].sort(compareBigint);
  // Every account of the transfer is locked, in id order, with its balance: the postings'
  // trigger will update each of them anyway, and taking them in one order up front means
  // two transfers touching the same accounts wait for each other instead of deadlocking.
  // NO KEY UPDATE, not UPDATE: the lock the postings' trigger takes to move the balances,
  // which leaves the KEY SHARE locks of foreign keys to the accounts unblocked.
  const accounts = await lockedBalances(tx, accountIds);
  if (accounts.size !== accountIds.length) throw new Error('ledger: posting to an unknown account');
  for (const posting of command.postings) {
    if (accounts.get(posting.accountId)!.currency !== posting.currency) throw new Error(`ledger: a ${posting.currency} posting to a ${accounts.get(posting.accountId)!.currency} account`);
  }
  for (const [accountId, account] of accounts) {
    if (!account.allowNegative && account.balance + (deltas.get(accountId) ?? 0n) < 0n) refuse('insufficient_available_balance');
  }

  await appendPostings(tx, [{ transferId, postings: command.postings }]);
  return { transferId, replayed: false };
}

export interface LockedAccount {
  /** Minor units of `currency`. */
  balance: bigint;
  currency: LedgerCurrency;
  allowNegative: boolean;
}

/** Locks the accounts (in id order) for the rest of the transaction and reads their balances. */
export async function lockedBalances(tx: Sql, accountIds: readonly bigint[]): Promise<Map<bigint, LockedAccount>> {
  const rows = await tx.query<{ id: bigint; balance_paise: bigint; currency: LedgerCurrency; allow_negative: boolean }>(
    'SELECT id, balance_paise, currency, allow_negative FROM ledger_accounts WHERE id = ANY($1::bigint[]) ORDER BY id FOR NO KEY UPDATE',
    [accountIds.map(String)],
  );
  return new Map(rows.map((row) => [row.id, { balance: row.balance_paise, currency: row.currency, allowNegative: row.allow_negative }]));
}

/**
 * Records many new transfers, numbered by the caller from `nextval('ledger_transfers_id_seq')`,
 * for a writer that has already checked every balance under lock (the order writer): one
 * statement for any number of transfers and their postings (the postings' triggers run at
 * its end and see the transfers too). A key used before is not a retry here but a broken
 * assumption: it throws and the caller's transaction rolls back.
 */
export async function appendTransfers(tx: Sql, transfers: readonly (TransferCommand & { id: bigint })[]): Promise<void> {
  if (transfers.length === 0) return;
  for (const transfer of transfers) assertTransferIsWellFormed(transfer);
  const postings = postingColumns(transfers.map((transfer) => ({ transferId: transfer.id, postings: transfer.postings })));
  await tx.query(
    `WITH transfers AS (
       INSERT INTO ledger_transfers (id, idempotency_key, kind, reason_kind, reason_params, request_fingerprint, user_id)
       SELECT id, idempotency_key, kind, reason_kind, reason_params::jsonb, request_fingerprint, user_id
         FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::bigint[])
           AS t (id, idempotency_key, kind, reason_kind, reason_params, request_fingerprint, user_id)
     )
     INSERT INTO ledger_postings (transfer_id, account_id, currency, amount_paise)
     SELECT * FROM unnest($8::bigint[], $9::bigint[], $10::text[], $11::bigint[])`,
    [
      transfers.map((transfer) => transfer.id.toString()),
      transfers.map((transfer) => transfer.idempotencyKey),
      transfers.map((transfer) => transfer.kind),
      transfers.map((transfer) => transfer.reasonKind),
      transfers.map(reasonParamsJson),
      transfers.map(fingerprintOf),
      transfers.map((transfer) => transfer.userId?.toString() ?? null),
      postings.transferIds, postings.accountIds, postings.currencies, postings.amounts,
    ],
  );
}

/** The postings of some transfers as the three columns an unnest() insert takes. */
function postingColumns(transfers: readonly { transferId: bigint; postings: readonly Posting[] }[]) {
  const columns = { transferIds: [] as string[], accountIds: [] as string[], currencies: [] as string[], amounts: [] as string[] };
  for (const { transferId, postings } of transfers) {
    for (const posting of postings) {
      columns.transferIds.push(transferId.toString());
      columns.accountIds.push(posting.accountId.toString());
      columns.currencies.push(posting.currency);
      columns.amounts.push(posting.amount.toString());
    }
  }
  return columns;
}

/** One INSERT for every posting of the given transfers: the balance trigger sees them all at once. */
async function appendPostings(tx: Sql, transfers: readonly { transferId: bigint; postings: readonly Posting[] }[]): Promise<void> {
  const { transferIds, accountIds, currencies, amounts } = postingColumns(transfers);
  await tx.query(
    `INSERT INTO ledger_postings (transfer_id, account_id, currency, amount_paise)
     SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::bigint[])`,
    [transferIds, accountIds, currencies, amounts],
  );
}

/** Net change per account of a set of postings (an account holds one currency). */
export function netChanges(postings: readonly Posting[]): Map<bigint, bigint> {
  const net = new Map<bigint, bigint>();
  for (const posting of postings) net.set(posting.accountId, (net.get(posting.accountId) ?? 0n) + posting.amount);
  return net;
}

/** Balances as the database keeps them: each account's running sum of its postings (migration 0004), in its currency. */
export async function balancesOf(sql: Sql, accountIds: readonly bigint[]): Promise<Map<bigint, bigint>> {
  const rows = await sql.query<{ id: bigint; balance_paise: bigint }>(
    'SELECT id, balance_paise FROM ledger_accounts WHERE id = ANY($1::bigint[])',
    [accountIds.map(String)],
  );
  const balances = new Map<bigint, bigint>(accountIds.map((id) => [id, 0n]));
  for (const row of rows) balances.set(row.id, row.balance_paise);
  return balances;
}

export async function openLedgerAccount(
  sql: Sql,
  account: { code: string; kind: LedgerAccountKind; currency: LedgerCurrency; userId?: bigint; allowNegative: boolean },
): Promise<bigint> {
  // Look first: an upsert would lock the row until commit and serialise every transfer that opens it.
  const [existing] = await sql.query<{ id: bigint; currency: string }>('SELECT id, currency FROM ledger_accounts WHERE code = $1', [account.code]);
  if (existing) {
    if (existing.currency !== account.currency) throw new Error(`ledger: account ${account.code} holds ${existing.currency}, not ${account.currency}`);
    return existing.id;
  }
  const [row] = await sql.query<{ id: bigint }>(
    `INSERT INTO ledger_accounts (code, kind, currency, user_id, allow_negative) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (code) DO UPDATE SET code = EXCLUDED.code
     RETURNING id`,
    [account.code, account.kind, account.currency, account.userId?.toString() ?? null, account.allowNegative],
  );
  if (!row) throw new Error('ledger: account not opened');
  return row.id;
}

function compareBigint(a: bigint, b: bigint): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

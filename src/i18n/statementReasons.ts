import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { formatMoney } from '../../contract/money.ts';
import { type StatementMessageKey, type StatementReader, statementSentence } from '../../contract/statementReasons.ts';

// The sentences of statement lines (ledger transfers), one per reason kind, and the words
// they share. The server stores a kind with typed parameters (contract/statementReasons.ts);
// the app writes the sentence in the reader's language here, and the server writes the CSV
// from these same catalog entries, found by their explicit ids (`statement.<key>`, which
// contract/statementReasons.ts statementMessageId gives). The Record type makes the compiler
// refuse a kind added to the contract without a sentence here.

export const statementMessages: Record<StatementMessageKey, MessageDescriptor> = {
  demo_funding: msg({ id: 'statement.demo_funding', message: 'Demo play money: {amount} (not real funds)' }),
  order_margin_held: msg({ id: 'statement.order_margin_held', message: 'Order {order_no}: {amount} margin and fees held to {side} {quantity} {code}' }),
  order_filled: msg({ id: 'statement.order_filled', message: 'Order {order_no}: {side} {quantity} {code} filled at {price}' }),
  order_cancelled: msg({ id: 'statement.order_cancelled', message: 'Order {order_no} cancelled: {amount} held money returned' }),
  position_closed: msg({ id: 'statement.position_closed', message: 'Order {order_no}: {code} position closed at {price}' }),
  position_closed_by_margin_call: msg({
    id: 'statement.position_closed_by_margin_call',
    message: 'Order {order_no}: {code} position closed automatically at {price}, its equity fell to the {maintenance_percent}% maintenance level',
  }),
  deposit_received: msg({ id: 'statement.deposit_received', message: 'Deposit {deposit_id} received: {amount} via {channel}, reference {reference}' }),
  withdrawal_held: msg({ id: 'statement.withdrawal_held', message: 'Withdrawal requested: {amount} to {bank_name} {account_masked}, held until paid' }),
  withdrawal_rejected: msg({ id: 'statement.withdrawal_rejected', message: 'Withdrawal {withdrawal_id} rejected: {amount} returned to available. {note}' }),
  withdrawal_paid: msg({
    id: 'statement.withdrawal_paid',
    message: 'Withdrawal {withdrawal_id} paid: {amount} to {bank_name} {account_masked}, bank reference {bank_reference}',
  }),
  correction: msg({ id: 'statement.correction', message: 'Correction of {amount}: {note}' }),
  fx_converted: msg({ id: 'statement.fx_converted', message: 'Exchange {quote_id}: {sold} converted to {bought} at {rate}' }),
  loan_borrowed: msg({ id: 'statement.loan_borrowed', message: 'Loan {loan_id}: {amount} borrowed' }),
  loan_interest_accrued: msg({ id: 'statement.loan_interest_accrued', message: 'Loan {loan_id}: interest of {amount} for {date}' }),
  loan_repaid: msg({ id: 'statement.loan_repaid', message: 'Loan {loan_id}: {amount} repaid ({interest} interest, {principal} principal)' }),
  pledge_sold: msg({
    id: 'statement.pledge_sold',
    message: 'Pledge {pledge_id}: {code} sold (order {order_no}) past the loan-to-value sale line; {amount} repaid on loan {loan_id} ({interest} interest, {principal} principal)',
  }),
  placement_application_held: msg({ id: 'statement.placement_application_held', message: 'Placement {placement_id}: {amount} held for {quantity} {code} shares applied for' }),
  placement_application_released: msg({ id: 'statement.placement_application_released', message: 'Placement {placement_id}: {amount} released from application {application_id} ({code})' }),
  placement_allotted: msg({ id: 'statement.placement_allotted', message: 'Placement {placement_id}: {quantity} {code} shares allotted on application {application_id}, {amount} paid' }),
  ipo_application_held: msg({ id: 'statement.ipo_application_held', message: 'IPO {ipo_id}: {amount} held for {quantity} {code} shares applied for' }),
  ipo_application_released: msg({ id: 'statement.ipo_application_released', message: 'IPO {ipo_id}: {amount} released from application {application_id} ({code})' }),
  ipo_allotted: msg({ id: 'statement.ipo_allotted', message: 'IPO {ipo_id}: {quantity} {code} shares allotted on application {application_id}, {amount} paid' }),
  position_opened_from_ipo: msg({ id: 'statement.position_opened_from_ipo', message: 'Order {order_no}: {quantity} {code} allotted in IPO {origin_id} at {price}, {amount} paid' }),
  position_opened_from_placement: msg({
    id: 'statement.position_opened_from_placement', message: 'Order {order_no}: {quantity} {code} allotted in placement {origin_id} at {price}, {amount} paid',
  }),
  position_opened_from_block: msg({
    id: 'statement.position_opened_from_block', message: 'Order {order_no}: {quantity} {code} bought from block trade {origin_id} at {price}, {amount} paid',
  }),
  position_opened_from_vip: msg({
    id: 'statement.position_opened_from_vip', message: 'Order {order_no}: {quantity} {code} bought from VIP allocation {origin_id} at {price}, {amount} paid',
  }),
  position_squared_off: msg({ id: 'statement.position_squared_off', message: 'Order {order_no}: intraday {code} position squared off at {price} at the square-off time' }),
  fund_subscription_held: msg({ id: 'statement.fund_subscription_held', message: 'Fund {fund_id} ({fund_name}): {amount} held for subscription {holding_id} until the next NAV' }),
  fund_subscription_released: msg({ id: 'statement.fund_subscription_released', message: 'Fund {fund_id} ({fund_name}): subscription {holding_id} not taken, {amount} released' }),
  fund_units_bought: msg({ id: 'statement.fund_units_bought', message: 'Fund {fund_id} ({fund_name}): {units} units bought at NAV {nav} for {amount} (subscription {holding_id})' }),
  fund_units_redeemed: msg({ id: 'statement.fund_units_redeemed', message: 'Fund {fund_id} ({fund_name}): {units} units redeemed at NAV {nav}, {amount} paid (redemption {redemption_id})' }),
  fund_final_payout: msg({ id: 'statement.fund_final_payout', message: 'Fund {fund_id} ({fund_name}) ended: {units} units paid out at NAV {nav}, {amount} (holding {holding_id})' }),
  fund_management_fee: msg({ id: 'statement.fund_management_fee', message: 'Fund {fund_id} ({fund_name}): management fee for {date}, {amount}' }),
  promotion_fee_rebate: msg({
    id: 'statement.promotion_fee_rebate',
    message: 'Promotion – fee rebate for new accounts: {amount} paid back ({percent}% of the {fees} brokerage paid from {from_day} to {through_day}, up to the cap, less earlier rebates)',
  }),
  side_long: msg({ id: 'statement.side_long', message: 'buy (long)' }),
  side_short: msg({ id: 'statement.side_short', message: 'sell (short)' }),
  with_loss_absorbed: msg({ id: 'statement.with_loss_absorbed', message: '{sentence}; the loss beyond the account ({absorbed}) was absorbed by the firm' }),
  unknown: msg({ id: 'statement.unknown', message: 'Ledger entry: update the app to read its details' }),
  opening_balance: msg({ id: 'statement.opening_balance', message: 'Opening balance' }),
  closing_balance: msg({ id: 'statement.closing_balance', message: 'Closing balance' }),
};

/** Statement sentences in the active language of `i18n`, amounts formatted by their currency. */
export function statementReaderOf(i18n: I18n): StatementReader {
  return {
    translate: (key, values) => {
      const withValues: MessageDescriptor = { ...statementMessages[key], values };
      return i18n._(withValues);
    },
    money: (value) => formatMoney(BigInt(value.amount), value.currency),
  };
}

/** One statement line's sentence in the reader's language. */
export const statementLineSentence = (line: { reason_kind: string; reason_params: unknown }, i18n: I18n): string =>
  statementSentence(line.reason_kind, line.reason_params, statementReaderOf(i18n));

import { http, HttpResponse } from 'msw';
import type { CurrencyBalance } from '../../../../contract/accounts.ts';
import type { ApiPath, RequestOf, ResponseOf } from '../../../../contract/api.ts';

// Builders for the money screens' component tests: cards, channels, deposits, withdrawals
// and fund records as the server sends them (decimal rupee strings, ISO instants).

type BankCard = ResponseOf<'user/bankList'>[number];
type DepositInfo = ResponseOf<'user/depositInfo'>;
type Deposit = ResponseOf<'user/deposit'>;
type Withdrawal = ResponseOf<'user/withdraw'>;
type WithdrawInfo = ResponseOf<'user/withdrawInfo'>;
type FundRecord = ResponseOf<'user/fundRecords'>['items'][number];

export const weekdays = { days: [1, 2, 3, 4, 5], from: '09:30', to: '15:30' };

export function cardOf(overrides: Partial<BankCard> = {}): BankCard {
  return {
    id: '11',
    holder_name: 'Asha Verma',
    account_no_masked: '•••• 4821',
    bank_name: 'HDFC Bank',
    branch: 'Andheri East',
    bank_code: 'HDFC',
    ifsc: 'HDFC0001234',
    created_at: '2026-11-20T04:00:00.000Z',
    ...overrides,
  };
}

export function channelOf(overrides: Partial<DepositInfo['channels'][number]> = {}): DepositInfo['channels'][number] {
  return {
    id: '3',
    name: 'NEFT / IMPS',
    bank_name: 'ICICI Bank',
    account_name: 'Ledgerline Securities Pvt Ltd',
    account_no: '123456789012',
    ifsc: 'ICIC0000104',
    branch: 'Fort, Mumbai',
    upi_id: 'ledgerline@icici',
    note: 'Use IMPS for the fastest credit.',
    active: true,
    ...overrides,
  };
}

export function depositOf(overrides: Partial<Deposit> = {}): Deposit {
  return {
    id: '501',
    amount: '25000.00',
    channel_name: 'NEFT / IMPS',
    reference: 'UTR123456789',
    receipt_upload_id: '77',
    status: 'pending',
    reason: null,
    created_at: '2026-11-23T05:00:00.000Z',
    reviewed_at: null,
    ...overrides,
  };
}

export function depositInfoOf(overrides: Partial<DepositInfo> = {}): DepositInfo {
  return { minimum: '5000.00', window: { days: [1, 2, 3, 4, 5, 6, 7], from: '00:00', to: '23:59' }, open_now: true, pending: null, channels: [channelOf()], ...overrides };
}

export function withdrawInfoOf(overrides: Partial<WithdrawInfo> = {}, rules: Partial<WithdrawInfo['rules']> = {}): WithdrawInfo {
  return {
    withdrawable: '120000.50',
    minimum: '100.00',
    window: weekdays,
    arrival_hours: { from: 2, to: 48 },
    rules: { kyc_verified: true, card_bound: true, fund_password_set: true, within_window: true, not_barred: true, no_operation_in_progress: true, ...rules },
    ...overrides,
  };
}

export function withdrawalOf(overrides: Partial<Withdrawal> = {}): Withdrawal {
  return {
    id: '901',
    amount: '2500.00',
    card: { bank_name: 'HDFC Bank', account_no_masked: '•••• 4821', ifsc: 'HDFC0001234' },
    status: 'pending',
    reason: null,
    bank_reference: null,
    created_at: '2026-11-23T06:00:00.000Z',
    reviewed_at: null,
    ...overrides,
  };
}

export function fundRecordOf(id: number, overrides: Partial<FundRecord> = {}): FundRecord {
  return {
    transfer_id: String(id), currency: 'INR', kind: 'order_fill', cash_change: '-10.00', available_change: '-10.00', frozen_change: '0.00', created_at: '2026-11-23T04:00:00.000Z',
    reason_kind: 'order_filled', reason_params: { order_no: String(id), side: 'long', quantity: '100', code: 'TCS', price: { amount: '350000', currency: 'INR' } },
    ...overrides,
  };
}

/** A currency's money as a test states it: cash, available and frozen; no open positions unless told (total assets = cash). */
export type BalanceInput = Pick<CurrencyBalance, 'currency' | 'cash' | 'available' | 'frozen'> & Partial<Pick<CurrencyBalance, 'invested' | 'market_value' | 'total_assets'>>;

const zeroIn = (currency: CurrencyBalance['currency']) => (currency === 'INR' ? '0.00' : '0');

/** The full balance line of user/info's balances_by_currency: without positions, nothing invested and total assets = cash. */
export function currencyBalanceOf(input: BalanceInput): CurrencyBalance {
  return { invested: zeroIn(input.currency), market_value: zeroIn(input.currency), total_assets: input.cash, ...input };
}

type RupeeBalances = ResponseOf<'user/info'>['balances'];

/** user/info's rupee balances: no positions unless told (total assets = cash, no P&L). */
export function rupeeBalancesOf(overrides: Partial<RupeeBalances> & Pick<RupeeBalances, 'cash'>): RupeeBalances {
  return { available: overrides.cash, frozen: '0.00', total_assets: overrides.cash, invested: '0.00', market_value: '0.00', unrealised_pnl: '0.00', day_pnl: '0.00', realised_pnl_today: '0.00', ...overrides };
}

/** user/info as the server sends it: rupee balances, and each currency's when given (rupees only otherwise). */
export function userInfoOf(balancesByCurrency?: BalanceInput[], overrides: Partial<ResponseOf<'user/info'>> = {}, rupeeOverrides: Partial<RupeeBalances> = {}): ResponseOf<'user/info'> {
  const lines = (balancesByCurrency ?? [{ currency: 'INR' as const, cash: '1000000.00', available: '987654.32', frozen: '12345.68' }]).map(currencyBalanceOf);
  const rupees = lines.find((line) => line.currency === 'INR') ?? currencyBalanceOf({ currency: 'INR', cash: '1000000.00', available: '987654.32', frozen: '12345.68' });
  return {
    user_id: '1',
    account: '9000000001',
    state: 'active',
    restrictions: { frozen: false, login_banned: false, trade_barred: false, withdraw_barred: false },
    institution: '',
    created_at: '2026-11-01T00:00:00.000Z',
    vip: false,
    avatar_upload_id: null,
    balances: rupeeBalancesOf({ cash: rupees.cash, available: rupees.available, frozen: rupees.frozen, total_assets: rupees.total_assets, invested: rupees.invested, market_value: rupees.market_value, ...rupeeOverrides }),
    balances_by_currency: lines,
    ...overrides,
  };
}

type FxPair = ResponseOf<'fx/rates'>['pairs'][number];

/** A rate into rupees as fx/rates reports it: ₹`rate` for one `from`, an ECB reference of 24 Nov unless told. */
export function inrRateOf(from: FxPair['from'], rate: string, overrides: Partial<FxPair> = {}): FxPair {
  return { from, to: 'INR', rate, reference_rate: rate, source: 'ecb', reference_day: '2026-11-24', updated_at: null, day_change_bps: 12, spread_bps: 40, ...overrides };
}

/** Answers fx/rates with these pairs (or a refusal) and counts the calls. */
export function answeringRates(pairs: FxPair[] | 'refusal') {
  const seen = { calls: 0 };
  const handler = http.post('*/api/vue/fx/rates', () => {
    seen.calls += 1;
    const data: ResponseOf<'fx/rates'> = { pairs: pairs === 'refusal' ? [] : pairs, spread_bps: 50, quote_seconds: 30, minimum: '100.00', maximum: '1000000.00', intraday_simulated: false };
    return HttpResponse.json(pairs === 'refusal' ? { status: 0, msg: 'system_busy', data: null } : { status: 1, msg: 'ok', data });
  });
  return { handler, seen };
}

/** A page as contract/paging.ts shapes it. */
export function pageOf<T>(items: T[], total = items.length, page = 1) {
  return { items, total, page, page_size: 10 };
}

/** Answers `path` with a refusal key and keeps the bodies it saw. */
export function refusing<P extends ApiPath>(path: P, msg: string) {
  const bodies: RequestOf<P>[] = [];
  const handler = http.post(`*/api/vue/${path}`, async ({ request }) => {
    bodies.push((await request.json()) as RequestOf<P>);
    return HttpResponse.json({ status: 0, msg, data: null });
  });
  return { handler, bodies };
}

import type { ResponseOf } from '../../../../contract/api.ts';
import type { Order } from '../../../../contract/trading.ts';
import { quoteRow } from '../../market/testing/marketFixtures.ts';

// Builders for the trading screens' component tests: orders, rules and a stock detail as
// the server sends them (decimal rupee strings).

export const tradingRules: ResponseOf<'trade/rules'> = {
  leverages: [1, 2, 5, 10],
  defaultLot: 25,
  serviceFeeBps: 3,
  stampDutyBps: 10,
  sellingFeeBps: 5,
  vip: false,
  blockTrade: { minimum: '10000000.00', serviceFeeBps: 1, stampDutyBps: 10, sellingFeeBps: 5 },
  feeRounding: 'half_up_paise',
  sellAfterMinutes: 5,
  lockDays: 0,
  maintenanceMarginPercent: 30,
};

// The detail's lot is the one the server enforces: here the rules' default lot.
export const relianceDetail: ResponseOf<'stock/detail'> = {
  instrument: { code: 'RELIANCE', name: 'Reliance Industries', isin: 'INE002A01018', exchange: 'NSE', currency: 'INR', kind: 'equity', industry: 'Oil Gas & Consumable Fuels', lot: 25, tickSize: '0.05' },
  quote: quoteRow('RELIANCE', { name: 'Reliance Industries', last: '2456.35', lowerBand: '2187.00', upperBand: '2673.00' }),
  source: { kind: 'simulated', date: null, calendar: 'always_open' },
  phase: 'open',
  onWatchlist: false,
  historyRealUntil: null,
};

export function orderOf(overrides: Partial<Order> = {}): Order {
  return {
    order_no: '1001',
    code: 'RELIANCE',
    name: 'Reliance Industries',
    currency: 'INR',
    side: 'long',
    type: 'market',
    status: 'holding',
    quantity: 10,
    lot: 1,
    leverage: 1,
    limit_price: null,
    fill_price: '100.00',
    amount: '1000.00',
    margin: '1000.00',
    service_fee: '0.30',
    stamp_duty: '1.00',
    selling_fee: '0.00',
    close_price: null,
    realised_pnl: null,
    close_reason: null,
    created_at: '2026-11-23T04:00:00.000Z',
    filled_at: '2026-11-23T04:00:00.000Z',
    closed_at: null,
    locked_until: null,
    product: 'delivery',
    origin: null,
    ...overrides,
  };
}

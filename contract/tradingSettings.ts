import type { z } from 'zod';
import type { FeeSchedule } from './fees.ts';
import { positiveRupees, wholeNumberFrom } from './settingValues.ts';

// The trading settings: the fees and timing rules an admin changes at run time (audited), each
// with a deployment default from the server's environment. One row per setting, and every
// reader goes through it: the settings registry (schema, default, description), the server's
// configuration loader (environment variable, bounds), the trading rules (where the value
// lives in them, server/trading/rules.ts) and the back office (schema and input). Adding a
// trading setting is a row here, plus its translated title in the back office
// (src/features/backOffice/settings/settingShapes.ts, which fails to compile without it).
//
// The rest of the trading rules (leverages, lot, maintenance margin, order rate) are
// deployment configuration only: server/config.ts reads them.

/** Where a fee rate goes in the trading rules: one rate of one of the three schedules. */
type ScheduleRate = { schedule: 'fees' | 'vipFees' | 'blockFees'; rate: keyof FeeSchedule };

interface TradingSettingCommon {
  /** The environment variable that sets the deployment's default (README, Configuration). */
  environment: `TRADE_${string}`;
  /** English, for the settings list and the audit log; the back office shows its own translation. */
  description: string;
}

export interface IntegerTradingSetting extends TradingSettingCommon {
  kind: 'integer';
  /** How the back office writes the number: "3 bp", "30 minutes", "T+1". */
  unit: 'basisPoints' | 'minutes' | 'tradingDays';
  minimum: number;
  maximum: number;
  defaultValue: number;
  schema: z.ZodNumber;
  inRules: ScheduleRate | { rule: 'sellAfterMinutes' | 'lockDays' };
}

/** A rupee amount, a decimal string on the wire and in the settings table; the rules hold it as paise. */
export interface RupeeTradingSetting extends TradingSettingCommon {
  kind: 'rupees';
  defaultValue: string;
  schema: typeof positiveRupees;
  inRules: { rule: 'blockMinimumPaise' };
}

export type TradingSetting = IntegerTradingSetting | RupeeTradingSetting;

const integerSetting = (row: Omit<IntegerTradingSetting, 'kind' | 'schema'>): IntegerTradingSetting => ({
  kind: 'integer',
  schema: wholeNumberFrom(row.minimum, row.maximum),
  ...row,
});

/** A fee in basis points of the contract amount (1 bp = 0.01 %), at most 10 %. */
const feeRate = (row: Omit<IntegerTradingSetting, 'kind' | 'schema' | 'unit' | 'minimum' | 'maximum'> & { inRules: ScheduleRate }) =>
  integerSetting({ unit: 'basisPoints', minimum: 0, maximum: 1000, ...row });

const rupeeSetting = (row: Omit<RupeeTradingSetting, 'kind' | 'schema'>): RupeeTradingSetting => ({ kind: 'rupees', schema: positiveRupees, ...row });

export const tradingSettings = {
  // Brokerage 0.03 %, stamp duty on the buy leg 0.02 %, securities transaction tax on the sell leg 0.1 %.
  'trade.service_fee_bps': feeRate({
    defaultValue: 3,
    environment: 'TRADE_SERVICE_FEE_BPS',
    inRules: { schedule: 'fees', rate: 'serviceFeeBps' },
    description: 'Service fee (brokerage) on each leg, in basis points of the contract amount (1 bp = 0.01 %).',
  }),
  'trade.stamp_duty_bps': feeRate({
    defaultValue: 2,
    environment: 'TRADE_STAMP_DUTY_BPS',
    inRules: { schedule: 'fees', rate: 'stampDutyBps' },
    description: 'Stamp duty on the buy leg, in basis points.',
  }),
  'trade.selling_fee_bps': feeRate({
    defaultValue: 10,
    environment: 'TRADE_SELLING_FEE_BPS',
    inRules: { schedule: 'fees', rate: 'sellingFeeBps' },
    description: 'Selling fee (securities transaction tax) on the sell leg, in basis points.',
  }),
  'trade.vip_service_fee_bps': feeRate({
    defaultValue: 1,
    environment: 'TRADE_VIP_SERVICE_FEE_BPS',
    inRules: { schedule: 'vipFees', rate: 'serviceFeeBps' },
    description: "VIP users' service fee on each leg, in basis points.",
  }),
  'trade.vip_stamp_duty_bps': feeRate({
    defaultValue: 2,
    environment: 'TRADE_VIP_STAMP_DUTY_BPS',
    inRules: { schedule: 'vipFees', rate: 'stampDutyBps' },
    description: "VIP users' stamp duty on the buy leg, in basis points.",
  }),
  'trade.vip_selling_fee_bps': feeRate({
    defaultValue: 10,
    environment: 'TRADE_VIP_SELLING_FEE_BPS',
    inRules: { schedule: 'vipFees', rate: 'sellingFeeBps' },
    description: "VIP users' selling fee on the sell leg, in basis points.",
  }),
  'trade.block_service_fee_bps': feeRate({
    defaultValue: 2,
    environment: 'TRADE_BLOCK_SERVICE_FEE_BPS',
    inRules: { schedule: 'blockFees', rate: 'serviceFeeBps' },
    description: 'Service fee on a block trade (a leg of at least the block-trade size), VIP or not, in basis points.',
  }),
  'trade.block_stamp_duty_bps': feeRate({
    defaultValue: 2,
    environment: 'TRADE_BLOCK_STAMP_DUTY_BPS',
    inRules: { schedule: 'blockFees', rate: 'stampDutyBps' },
    description: 'Stamp duty on the buy leg of a block trade, in basis points.',
  }),
  'trade.block_selling_fee_bps': feeRate({
    defaultValue: 10,
    environment: 'TRADE_BLOCK_SELLING_FEE_BPS',
    inRules: { schedule: 'blockFees', rate: 'sellingFeeBps' },
    description: 'Selling fee on the sell leg of a block trade, in basis points.',
  }),
  // Legs of ₹10 crore and more.
  'trade.block_minimum': rupeeSetting({
    defaultValue: '100000000.00',
    environment: 'TRADE_BLOCK_MINIMUM',
    inRules: { rule: 'blockMinimumPaise' },
    description: 'Contract amount in rupees from which a leg is a block trade and pays the block-trade fees.',
  }),
  'trade.sell_after_minutes': integerSetting({
    unit: 'minutes',
    minimum: 0,
    maximum: 60 * 24 * 30,
    defaultValue: 0,
    environment: 'TRADE_SELL_AFTER_MINUTES',
    inRules: { rule: 'sellAfterMinutes' },
    description: 'A position can be closed only this many minutes after its fill.',
  }),
  'trade.lock_days': integerSetting({
    unit: 'tradingDays',
    minimum: 0,
    maximum: 30,
    defaultValue: 0,
    environment: 'TRADE_LOCK_DAYS',
    inRules: { rule: 'lockDays' },
    description: 'T+N no-sell: a position filled on trading day T can be closed from trading day T+N.',
  }),
} as const satisfies Record<`trade.${string}`, TradingSetting>;

export type TradingSettingName = keyof typeof tradingSettings;
export const tradingSettingNames = Object.keys(tradingSettings) as TradingSettingName[];

// A default outside its own bounds is a programming error: fail at import, not at a user's request.
for (const name of tradingSettingNames) {
  const row: TradingSetting = tradingSettings[name];
  if (!row.schema.safeParse(row.defaultValue).success) throw new Error(`trading settings: the default of ${name} is outside its bounds`);
}

/** Each trading setting's schema, keyed by name: the settings contract merges them with the others. */
export const tradingSettingSchemas = Object.fromEntries(tradingSettingNames.map((name) => [name, tradingSettings[name].schema])) as {
  readonly [Name in TradingSettingName]: (typeof tradingSettings)[Name]['schema'];
};

/** A value for every trading setting: a number, or a rupee string for the rupee ones. */
export type TradingSettingValues = { [Name in TradingSettingName]: z.infer<(typeof tradingSettings)[Name]['schema']> };

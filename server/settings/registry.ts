import type { z } from 'zod';
import { type SettingName, type SettingValue, settingGroups, settingValueSchemas } from '../../contract/settings.ts';
import { formatRupees } from '../../contract/money.ts';
import { defaultTradingRules } from '../trading/rules.ts';

// The registry of configuration values staff may change at run time: for each name its
// schema (contract/settings.ts), default, group and a description for the back office.
// Code reads them through the settings store (store.ts); a value not overridden in the
// `settings` table is its default. A deployment may give other defaults (the TRADE_* environment).

export interface SettingDefinition<Name extends SettingName> {
  schema: (typeof settingValueSchemas)[Name];
  defaultValue: SettingValue<Name>;
  group: (typeof settingGroups)[number];
  description: string;
}

const define = <Name extends SettingName>(name: Name, definition: Omit<SettingDefinition<Name>, 'schema'>): SettingDefinition<Name> => {
  // A default that fails its own schema is a programming error: fail at import, not at a user's request.
  const parsed = (settingValueSchemas[name] as z.ZodType).safeParse(definition.defaultValue);
  if (!parsed.success) throw new Error(`settings: default of ${name} does not match its schema`);
  return { schema: settingValueSchemas[name], ...definition };
};

const workdays = [1, 2, 3, 4, 5];
const everyDay = [1, 2, 3, 4, 5, 6, 7];

export const settingsRegistry: { readonly [Name in SettingName]: SettingDefinition<Name> } = {
  'deposit.minimum': define('deposit.minimum', {
    defaultValue: '5000.00',
    group: 'deposit',
    description: 'Smallest deposit a user may report, in rupees.',
  }),
  'deposit.window': define('deposit.window', {
    defaultValue: { days: everyDay, from: '00:00', to: '23:59' },
    group: 'deposit',
    description: 'Days (1 = Monday … 7 = Sunday) and IST hours in which users may report deposits.',
  }),
  'withdrawal.minimum': define('withdrawal.minimum', {
    defaultValue: '100.00',
    group: 'withdrawal',
    description: 'Smallest withdrawal a user may request, in rupees.',
  }),
  'withdrawal.window': define('withdrawal.window', {
    defaultValue: { days: workdays, from: '09:30', to: '15:30' },
    group: 'withdrawal',
    description: 'Days (1 = Monday … 7 = Sunday) and IST hours in which users may request withdrawals.',
  }),
  'withdrawal.arrival_text_hours': define('withdrawal.arrival_text_hours', {
    defaultValue: { from: 2, to: 48 },
    group: 'withdrawal',
    description: 'Shown to users: a paid withdrawal arrives within this many hours.',
  }),
  'withdrawal.four_eyes_above': define('withdrawal.four_eyes_above', {
    defaultValue: '200000.00',
    group: 'withdrawal',
    description: 'Withdrawals above this many rupees need a second reviewer to approve.',
  }),
  'fund_password.max_failures': define('fund_password.max_failures', {
    defaultValue: 5,
    group: 'fund_password',
    description: 'Wrong fund passwords in a row before the fund password is locked.',
  }),
  'fund_password.lockout_minutes': define('fund_password.lockout_minutes', {
    defaultValue: 30,
    group: 'fund_password',
    description: 'How long a locked fund password stays locked, in minutes.',
  }),
  'upload.max_bytes': define('upload.max_bytes', {
    defaultValue: 5 * 1024 * 1024,
    group: 'upload',
    description: 'Largest image a user may upload, in bytes.',
  }),
  // Defaults for these come from the server's environment (TRADE_*, see README): staff change them here at run time.
  'trade.service_fee_bps': define('trade.service_fee_bps', {
    defaultValue: defaultTradingRules.fees.serviceFeeBps,
    group: 'trade',
    description: 'Service fee (brokerage) on each leg, in basis points of the contract amount (1 bp = 0.01 %).',
  }),
  'trade.stamp_duty_bps': define('trade.stamp_duty_bps', {
    defaultValue: defaultTradingRules.fees.stampDutyBps,
    group: 'trade',
    description: 'Stamp duty on the buy leg, in basis points.',
  }),
  'trade.selling_fee_bps': define('trade.selling_fee_bps', {
    defaultValue: defaultTradingRules.fees.sellingFeeBps,
    group: 'trade',
    description: 'Selling fee (securities transaction tax) on the sell leg, in basis points.',
  }),
  'trade.vip_service_fee_bps': define('trade.vip_service_fee_bps', {
    defaultValue: defaultTradingRules.vipFees.serviceFeeBps,
    group: 'trade',
    description: "VIP users' service fee on each leg, in basis points.",
  }),
  'trade.vip_stamp_duty_bps': define('trade.vip_stamp_duty_bps', {
    defaultValue: defaultTradingRules.vipFees.stampDutyBps,
    group: 'trade',
    description: "VIP users' stamp duty on the buy leg, in basis points.",
  }),
  'trade.vip_selling_fee_bps': define('trade.vip_selling_fee_bps', {
    defaultValue: defaultTradingRules.vipFees.sellingFeeBps,
    group: 'trade',
    description: "VIP users' selling fee on the sell leg, in basis points.",
  }),
  'trade.block_service_fee_bps': define('trade.block_service_fee_bps', {
    defaultValue: defaultTradingRules.blockFees.serviceFeeBps,
    group: 'trade',
    description: 'Service fee on a block trade (a leg of at least the block-trade size), VIP or not, in basis points.',
  }),
  'trade.block_stamp_duty_bps': define('trade.block_stamp_duty_bps', {
    defaultValue: defaultTradingRules.blockFees.stampDutyBps,
    group: 'trade',
    description: 'Stamp duty on the buy leg of a block trade, in basis points.',
  }),
  'trade.block_selling_fee_bps': define('trade.block_selling_fee_bps', {
    defaultValue: defaultTradingRules.blockFees.sellingFeeBps,
    group: 'trade',
    description: 'Selling fee on the sell leg of a block trade, in basis points.',
  }),
  'trade.block_minimum': define('trade.block_minimum', {
    defaultValue: formatRupees(defaultTradingRules.blockMinimumPaise),
    group: 'trade',
    description: 'Contract amount in rupees from which a leg is a block trade and pays the block-trade fees.',
  }),
  'trade.sell_after_minutes': define('trade.sell_after_minutes', {
    defaultValue: defaultTradingRules.sellAfterMinutes,
    group: 'trade',
    description: 'A position can be closed only this many minutes after its fill.',
  }),
  'trade.lock_days': define('trade.lock_days', {
    defaultValue: defaultTradingRules.lockDays,
    group: 'trade',
    description: 'T+N no-sell: a position filled on trading day T can be closed from trading day T+N.',
  }),
};

export const isSettingName = (name: string): name is SettingName => Object.hasOwn(settingsRegistry, name);

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { type SettingName, settingGroups, settingValueSchemas } from '../../../../contract/settings.ts';

// How each setting is edited and named. Keyed by the contract's settings, so a setting added
// there fails to compile until it has an input and a translated name and description here.

export type SettingInput = { kind: 'rupees' } | { kind: 'window' } | { kind: 'hours' } | { kind: 'integer'; unit: 'count' | 'minutes' | 'bytes' };

export const settingInputs: Record<SettingName, SettingInput> = {
  'deposit.minimum': { kind: 'rupees' },
  'deposit.window': { kind: 'window' },
  'withdrawal.minimum': { kind: 'rupees' },
  'withdrawal.window': { kind: 'window' },
  'withdrawal.arrival_text_hours': { kind: 'hours' },
  'withdrawal.four_eyes_above': { kind: 'rupees' },
  'fund_password.max_failures': { kind: 'integer', unit: 'count' },
  'fund_password.lockout_minutes': { kind: 'integer', unit: 'minutes' },
  'upload.max_bytes': { kind: 'integer', unit: 'bytes' },
};

export const settingTexts: Record<SettingName, { title: MessageDescriptor; description: MessageDescriptor }> = {
  'deposit.minimum': { title: msg`Minimum deposit`, description: msg`Smallest deposit a user may report, in rupees.` },
  'deposit.window': { title: msg`Deposit hours`, description: msg`Days and IST hours in which users may report deposits.` },
  'withdrawal.minimum': { title: msg`Minimum withdrawal`, description: msg`Smallest withdrawal a user may request, in rupees.` },
  'withdrawal.window': { title: msg`Withdrawal hours`, description: msg`Days and IST hours in which users may request withdrawals.` },
  'withdrawal.arrival_text_hours': { title: msg`Withdrawal arrival time`, description: msg`Shown to users: a paid withdrawal arrives within this many hours.` },
  'withdrawal.four_eyes_above': { title: msg`Second approver above`, description: msg`Withdrawals above this many rupees need a second reviewer to approve.` },
  'fund_password.max_failures': { title: msg`Fund password attempts`, description: msg`Wrong fund passwords in a row before the fund password is locked.` },
  'fund_password.lockout_minutes': { title: msg`Fund password lock-out`, description: msg`How long a locked fund password stays locked, in minutes.` },
  'upload.max_bytes': { title: msg`Largest upload`, description: msg`Largest image a user may upload, in bytes.` },
};

export const settingGroupNames: Record<(typeof settingGroups)[number], MessageDescriptor> = {
  deposit: msg`Deposits`,
  withdrawal: msg`Withdrawals`,
  fund_password: msg`Fund password`,
  upload: msg`Uploads`,
};

export const isKnownSetting = (name: string): name is SettingName => Object.hasOwn(settingValueSchemas, name);

/** The contract's own check of a value, run before anything is sent. */
export function settingValueValid(name: SettingName, value: unknown): boolean {
  return settingValueSchemas[name].safeParse(value).success;
}

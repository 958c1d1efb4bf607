import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AuditAction } from '../../../../contract/audit.ts';
import type { StaffRole } from '../../../../contract/staff.ts';
import { restrictionLabels } from '../messages/notificationText.ts';

// Words for the account-activity screen: each staff action, each role, and the fields a
// before/after snapshot may hold. The Record types refuse an action or role added to the
// contract without a word here.

export const auditActionLabels: Record<AuditAction, MessageDescriptor> = {
  'staff.create': msg`Staff account created`,
  'staff.set_active': msg`Staff account switched on or off`,
  'user.set_restriction': msg`Account restriction changed`,
  'settings.update': msg`Configuration changed`,
  'invitation.issue': msg`Invitation code issued`,
  'invitation.set_active': msg`Invitation code switched on or off`,
  'kyc.approve': msg`Identity verification approved`,
  'kyc.reject': msg`Identity verification rejected`,
  'kyc.photo_view': msg`Identity photo viewed by staff`,
  'deposit_channel.save': msg`Deposit channel changed`,
  'deposit.approve': msg`Deposit approved`,
  'deposit.first_approve': msg`Deposit approved by a first reviewer`,
  'deposit.reject': msg`Deposit rejected`,
  'withdrawal.first_approve': msg`Withdrawal approved by a first reviewer`,
  'withdrawal.pay': msg`Withdrawal paid out`,
  'withdrawal.reject': msg`Withdrawal rejected`,
  'pledge.first_approve': msg`Margin loan approved by a first reviewer`,
  'pledge.approve': msg`Margin loan approved`,
  'pledge.reject': msg`Margin loan rejected`,
  'vip.grant': msg`VIP level granted`,
  'vip_allocation.save': msg`VIP allocation saved`,
  'vip_allocation.close': msg`VIP allocation closed early`,
  'placement.save': msg`Placement or rights issue saved`,
  'placement.allot': msg`Placement or rights issue allotted`,
  'placement.withdraw': msg`Placement or rights issue withdrawn`,
  'block.save': msg`Block saved`,
  'block.close': msg`Block ended early`,
  'ipo.save': msg`IPO saved`,
  'ipo.extend': msg`IPO dates extended`,
  'ipo.withdraw': msg`IPO withdrawn`,
  'ipo.draw': msg`IPO drawn and allotted`,
  'fund.save': msg`Strategy fund saved`,
  'fund.withdraw': msg`Strategy fund withdrawn`,
  'fund.end': msg`Strategy fund ended early`,
  'user.password_reset': msg`Password reset with a code sent to your number`,
  'site.update': msg`Site information changed`,
  'site.set_logo': msg`Logo changed`,
  'news.create': msg`News article published`,
  'news.edit': msg`News article edited`,
  'news.publish': msg`News article published again`,
  'news.unpublish': msg`News article unpublished`,
};

export const staffRoleLabels: Record<StaffRole, MessageDescriptor> = {
  reviewer: msg`Reviewer`,
  operator: msg`Operator`,
  admin: msg`Administrator`,
};

/** Field names of snapshots that have a word of their own; any other shows as written. */
const fieldLabels: Record<string, MessageDescriptor> = {
  ...restrictionLabels,
  status: msg`Status`,
  active: msg`Active`,
  vip: msg`VIP`,
  reason: msg`Reason`,
  sessions_ended: msg`Sessions ended`,
};

export type Change = { field: string; before: string; after: string };

function valueText(value: unknown, i18n: I18n): string {
  if (value === true) return i18n._(msg`On`);
  if (value === false) return i18n._(msg`Off`);
  if (value === null || value === undefined) return '—';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What an action changed, field by field, in words: only fields whose value differs. A
 * snapshot that is not an object (or only one side present) shows as one "before → after".
 */
export function changesOf(before: unknown, after: unknown, i18n: I18n): Change[] {
  if (isRecord(before) && isRecord(after)) {
    const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return fields
      .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
      .map((field) => ({
        field: fieldLabels[field] ? i18n._(fieldLabels[field]) : field,
        before: valueText(before[field], i18n),
        after: valueText(after[field], i18n),
      }));
  }
  if (before === null && after === null) return [];
  return [{ field: '', before: valueText(before, i18n), after: valueText(after, i18n) }];
}

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AuditAction } from '../../../../contract/audit.ts';

// Every audit action's name for staff. The check below refuses to compile while an action of
// contract/audit.ts has no name here.
export const auditActionNames = {
  'staff.create': msg`Staff account created`,
  'staff.set_active': msg`Staff account activated or deactivated`,
  'user.set_restriction': msg`User restriction switched`,
  'settings.update': msg`Setting changed`,
  'invitation.issue': msg`Invitation code issued`,
  'invitation.set_active': msg`Invitation code activated or deactivated`,
  'kyc.approve': msg`KYC approved`,
  'kyc.reject': msg`KYC rejected`,
  'kyc.photo_view': msg`KYC photo viewed`,
  'deposit_channel.save': msg`Deposit channel saved`,
  'deposit.approve': msg`Deposit approved`,
  'deposit.first_approve': msg`Deposit approved (first of two)`,
  'deposit.reject': msg`Deposit rejected`,
  'withdrawal.first_approve': msg`Withdrawal approved (first of two)`,
  'withdrawal.pay': msg`Withdrawal paid out`,
  'withdrawal.reject': msg`Withdrawal rejected`,
  'pledge.first_approve': msg`Margin loan approved (first of two)`,
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
  'user.password_reset': msg`Password reset by the user with a code`,
  'site.update': msg`Site information changed`,
  'site.set_logo': msg`Logo uploaded`,
  'news.create': msg`News article published`,
  'news.edit': msg`News article edited`,
  'news.publish': msg`News article published again`,
  'news.unpublish': msg`News article unpublished`,
} satisfies Record<string, MessageDescriptor>;

type UnnamedAction = Exclude<AuditAction, keyof typeof auditActionNames>;
const everyActionHasAName: [UnnamedAction] extends [never] ? true : false = true;
void everyActionHasAName;

/** The name of an entry's action; an action this version does not know is shown as sent. */
export const auditActionName = (action: string): MessageDescriptor | null => (Object.hasOwn(auditActionNames, action) ? auditActionNames[action as keyof typeof auditActionNames] : null);

/** What an entry was about; kinds the server adds later are shown as sent. */
export const auditSubjectKinds: Record<string, MessageDescriptor> = {
  staff: msg`Staff`,
  user: msg`User`,
  setting: msg`Setting`,
  invitation: msg`Invitation code`,
  kyc_submission: msg`KYC submission`,
  deposit_channel: msg`Deposit channel`,
  deposit: msg`Deposit`,
  withdrawal: msg`Withdrawal`,
  site_config: msg`Site information`,
  news: msg`News article`,
};

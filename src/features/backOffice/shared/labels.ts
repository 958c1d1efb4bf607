import { useLingui } from '@lingui/react/macro';
import type { AccountState, RestrictionName } from '../../../../contract/accounts.ts';
import type { invitationKinds } from '../../../../contract/backOffice.ts';
import type { adminDepositStatuses, withdrawalStatuses } from '../../../../contract/funding.ts';
import type { IdType, kycSubmissionStatuses } from '../../../../contract/identity.ts';
import type { StaffRole } from '../../../../contract/staff.ts';

// The words for every closed list the back office shows. Records keyed by the contract's
// lists, so a status added to the contract fails to compile until it has a text here.

export type KycSubmissionStatus = (typeof kycSubmissionStatuses)[number];
export type DepositStatus = (typeof adminDepositStatuses)[number];
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];
export type InvitationKind = (typeof invitationKinds)[number];
export type Tone = 'neutral' | 'good' | 'warn' | 'bad';

export function useBackOfficeLabels() {
  const { t } = useLingui();
  const role: Record<StaffRole, string> = { reviewer: t`Reviewer`, operator: t`Operator`, admin: t`Administrator` };
  const kycStatus: Record<KycSubmissionStatus, string> = { under_review: t`Under review`, verified: t`Verified`, failed: t`Rejected` };
  const depositStatus: Record<DepositStatus, string> = {
    pending: t({ message: 'Pending', context: 'back office' }),
    first_approved: t`Awaiting second approval`,
    approved: t`Approved`,
    rejected: t`Rejected`,
  };
  const withdrawalStatus: Record<WithdrawalStatus, string> = {
    pending: t({ message: 'Pending', context: 'back office' }),
    first_approved: t`Awaiting second approval`,
    paid: t`Paid`,
    rejected: t`Rejected`,
  };
  const idType: Record<IdType, string> = { pan: t`PAN card`, aadhaar: t`Aadhaar` };
  const restriction: Record<RestrictionName, string> = {
    frozen: t`Frozen`,
    login_banned: t`Sign-in banned`,
    trade_barred: t`Trading barred`,
    withdraw_barred: t`Withdrawals barred`,
  };
  const restrictionHelp: Record<RestrictionName, string> = {
    frozen: t`No sign-in; open sessions stop at once.`,
    login_banned: t`No new sign-in; open sessions are refused too.`,
    trade_barred: t`No new orders.`,
    withdraw_barred: t`No withdrawals.`,
  };
  const accountState: Record<AccountState, string> = { active: t`Active`, ...restriction };
  const invitationKind: Record<InvitationKind, string> = { institution: t`Institution`, advisor: t`Advisor` };
  const active = (isActive: boolean) => (isActive ? t`Active` : t`Inactive`);
  return { role, kycStatus, depositStatus, withdrawalStatus, idType, restriction, restrictionHelp, accountState, invitationKind, active };
}

export const kycStatusTone: Record<KycSubmissionStatus, Tone> = { under_review: 'warn', verified: 'good', failed: 'bad' };
export const depositStatusTone: Record<DepositStatus, Tone> = { pending: 'warn', first_approved: 'warn', approved: 'good', rejected: 'bad' };
export const withdrawalStatusTone: Record<WithdrawalStatus, Tone> = { pending: 'warn', first_approved: 'warn', paid: 'good', rejected: 'bad' };
export const accountStateTone = (state: AccountState): Tone => (state === 'active' ? 'good' : state === 'frozen' || state === 'login_banned' ? 'bad' : 'warn');

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ApiPath } from '../../contract/api.ts';
import type { IconName } from '../ui/icons.tsx';
import type { PageLoader } from './routeTable.ts';

// The back office's screens (staff only, desktop-first), beside the phone app's route
// table so its public URLs stay exactly those of routes.md. Every page, and the layout
// around them, loads lazily: the phone app's first screen pays for none of it.
//
// `gate` names the command a page is built on; the layout lets a staff member open the page
// (and shows it in the navigation) only if their role is in that contract entry's roles, so
// who-sees-what has one source: contract/api.ts.

type BackOfficeCommand = Extract<ApiPath, `admin/${string}`>;

export type BackOfficeRouteEntry = {
  path: string;
  title: MessageDescriptor;
  gate: BackOfficeCommand;
  /** Listed in the left navigation (detail pages are not). */
  navIcon: IconName | null;
  page: PageLoader;
};

const load = {
  kyc: { load: () => import('../features/backOffice/kyc/KycQueuePage.tsx'), exportName: 'KycQueuePage' },
  deposits: { load: () => import('../features/backOffice/deposits/DepositsQueuePage.tsx'), exportName: 'DepositsQueuePage' },
  withdrawals: { load: () => import('../features/backOffice/withdrawals/WithdrawalsQueuePage.tsx'), exportName: 'WithdrawalsQueuePage' },
  users: { load: () => import('../features/backOffice/users/UsersPage.tsx'), exportName: 'UsersPage' },
  userDetail: { load: () => import('../features/backOffice/users/UserDetailPage.tsx'), exportName: 'UserDetailPage' },
  invitations: { load: () => import('../features/backOffice/invitations/InvitationsPage.tsx'), exportName: 'InvitationsPage' },
  channels: { load: () => import('../features/backOffice/channels/ChannelsPage.tsx'), exportName: 'ChannelsPage' },
  settings: { load: () => import('../features/backOffice/settings/SettingsPage.tsx'), exportName: 'SettingsPage' },
  audit: { load: () => import('../features/backOffice/audit/AuditPage.tsx'), exportName: 'AuditPage' },
  staff: { load: () => import('../features/backOffice/staff/StaffPage.tsx'), exportName: 'StaffPage' },
} satisfies Record<string, PageLoader>;

export const backOfficeSignInPage: PageLoader = { load: () => import('../features/backOffice/session/StaffLoginPage.tsx'), exportName: 'StaffLoginPage' };
export const backOfficeLayout: PageLoader = { load: () => import('../features/backOffice/layout/BackOfficeLayout.tsx'), exportName: 'BackOfficeLayout' };
/** /admin itself: sends the staff member to the first section their role may use. */
export const backOfficeHome: PageLoader = { load: () => import('../features/backOffice/layout/BackOfficeLayout.tsx'), exportName: 'BackOfficeHome' };
export const backOfficeHomePath = '/admin';

/** In navigation order: the review queues first, then users, then the firm's set-up. */
export const backOfficeRouteTable: readonly BackOfficeRouteEntry[] = [
  { path: '/admin/kyc', title: msg`KYC reviews`, gate: 'admin/kyc/list', navIcon: 'shield', page: load.kyc },
  { path: '/admin/deposits', title: msg`Deposits`, gate: 'admin/deposits/list', navIcon: 'wallet', page: load.deposits },
  { path: '/admin/withdrawals', title: msg`Withdrawals`, gate: 'admin/withdrawals/list', navIcon: 'card', page: load.withdrawals },
  { path: '/admin/users', title: msg`Users`, gate: 'admin/users/list', navIcon: 'users', page: load.users },
  { path: '/admin/users/$userId', title: msg`User`, gate: 'admin/users/detail', navIcon: null, page: load.userDetail },
  { path: '/admin/invitations', title: msg`Invitation codes`, gate: 'admin/invitations/list', navIcon: 'ipo', page: load.invitations },
  { path: '/admin/channels', title: msg`Deposit channels`, gate: 'admin/channels/list', navIcon: 'vault', page: load.channels },
  { path: '/admin/settings', title: msg`Configuration`, gate: 'admin/settings/list', navIcon: 'sliders', page: load.settings },
  { path: '/admin/audit', title: msg`Audit log`, gate: 'admin/audit/list', navIcon: 'clock', page: load.audit },
  { path: '/admin/staff', title: msg`Staff`, gate: 'admin/staff/list', navIcon: 'user', page: load.staff },
];

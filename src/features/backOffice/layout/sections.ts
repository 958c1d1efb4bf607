import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { type BackOfficePagePath, backOfficePages } from '../../../app/backOfficeRouteTable.ts';
import type { IconName } from '../../../ui/icons.tsx';
import { type BackOfficeCommand, roleMayUse } from '../shared/access.ts';
import type { StaffRole } from '../../../../contract/staff.ts';

// Each back-office page's title and the command it is built on. A staff member may open a
// page (and sees it in the navigation) only if their role is in that command's roles in
// contract/api.ts, so who-sees-what has one source.

export type BackOfficeSection = {
  path: BackOfficePagePath;
  title: MessageDescriptor;
  gate: BackOfficeCommand;
  /** Listed in the left navigation (detail pages are not). */
  navIcon: IconName | null;
};

const sections: Record<BackOfficePagePath, Omit<BackOfficeSection, 'path'>> = {
  '/admin/kyc': { title: msg`KYC reviews`, gate: 'admin/kyc/list', navIcon: 'shield' },
  '/admin/deposits': { title: msg`Deposits`, gate: 'admin/deposits/list', navIcon: 'wallet' },
  '/admin/withdrawals': { title: msg`Withdrawals`, gate: 'admin/withdrawals/list', navIcon: 'card' },
  '/admin/pledges': { title: msg`Margin loans`, gate: 'admin/pledges/list', navIcon: 'vault' },
  '/admin/fx': { title: msg`FX position`, gate: 'admin/fx/position', navIcon: 'globe' },
  '/admin/ipo': { title: msg`IPOs`, gate: 'admin/ipo/list', navIcon: 'ipo' },
  '/admin/placements': { title: msg`Placements and rights issues`, gate: 'admin/placement/list', navIcon: 'rocket' },
  '/admin/vip': { title: msg`VIP allocations and levels`, gate: 'admin/vip/allocations', navIcon: 'flame' },
  '/admin/blocks': { title: msg`Block-trade desk`, gate: 'admin/block/list', navIcon: 'list' },
  '/admin/funds': { title: msg`Strategy funds`, gate: 'admin/fund/list', navIcon: 'quant' },
  '/admin/users': { title: msg`Users`, gate: 'admin/users/list', navIcon: 'users' },
  '/admin/users/$userId': { title: msg`User`, gate: 'admin/users/detail', navIcon: null },
  '/admin/invitations': { title: msg`Invitation codes`, gate: 'admin/invitations/list', navIcon: 'ipo' },
  '/admin/channels': { title: msg`Deposit channels`, gate: 'admin/channels/list', navIcon: 'vault' },
  '/admin/settings': { title: msg`Configuration`, gate: 'admin/settings/list', navIcon: 'sliders' },
  '/admin/site': { title: msg`Site information`, gate: 'admin/site/list', navIcon: 'info' },
  '/admin/news': { title: msg`News`, gate: 'admin/news/list', navIcon: 'list' },
  '/admin/outbox': { title: msg`Demo outbox`, gate: 'admin/outbox/list', navIcon: 'bell' },
  '/admin/audit': { title: msg`Audit log`, gate: 'admin/audit/list', navIcon: 'clock' },
  '/admin/staff': { title: msg`Staff`, gate: 'admin/staff/list', navIcon: 'user' },
  '/admin/sessions': { title: msg`My sessions`, gate: 'admin/sessions', navIcon: 'lock' },
};

export function sectionOf(path: BackOfficePagePath): BackOfficeSection {
  return { path, ...sections[path] };
}

/** The sections a role may use, in navigation order. */
export function sectionsFor(role: StaffRole | null): BackOfficeSection[] {
  return backOfficePages.map((page) => sectionOf(page.path)).filter((section) => section.navIcon !== null && roleMayUse(role, section.gate));
}

import type { PageLoader } from './routeTable.ts';

// The back office's screens (staff only, desktop-first), beside the phone app's route table
// so its public URLs stay exactly those of routes.md. All of the back office is one lazily
// loaded module: the phone app carries only these paths and export names. Titles, icons and
// the roles that may open each page live with the back office (layout/sections.ts).

type BackOfficeModule = typeof import('../features/backOffice/backOfficePages.ts');
type BackOfficeExport = Exclude<keyof BackOfficeModule, 'backOfficeReady'>;

/** Loads the back office once its texts for the reader's language are in too. */
const loadBackOffice = () => import('../features/backOffice/backOfficePages.ts').then(async (module) => {
  await module.backOfficeReady();
  return module;
});

const backOfficePage = (exportName: BackOfficeExport): PageLoader => ({ load: loadBackOffice, exportName });

export const backOfficeSignInPage = backOfficePage('StaffLoginPage');
export const backOfficeLayout = backOfficePage('BackOfficeLayout');
/** /admin itself: sends the staff member to the first section their role may use. */
export const backOfficeHome = backOfficePage('BackOfficeHome');
export const backOfficeHomePath = '/admin';

/** In navigation order: the review queues first, then users, then the firm's set-up. */
export const backOfficePages = [
  { path: '/admin/kyc', page: backOfficePage('KycQueuePage') },
  { path: '/admin/deposits', page: backOfficePage('DepositsQueuePage') },
  { path: '/admin/withdrawals', page: backOfficePage('WithdrawalsQueuePage') },
  { path: '/admin/pledges', page: backOfficePage('PledgesQueuePage') },
  { path: '/admin/fx', page: backOfficePage('FxPositionPage') },
  { path: '/admin/ipo', page: backOfficePage('IpoAdminPage') },
  { path: '/admin/placements', page: backOfficePage('PlacementsAdminPage') },
  { path: '/admin/vip', page: backOfficePage('VipAdminPage') },
  { path: '/admin/blocks', page: backOfficePage('BlocksAdminPage') },
  { path: '/admin/funds', page: backOfficePage('FundsAdminPage') },
  { path: '/admin/users', page: backOfficePage('UsersPage') },
  { path: '/admin/users/$userId', page: backOfficePage('UserDetailPage') },
  { path: '/admin/invitations', page: backOfficePage('InvitationsPage') },
  { path: '/admin/channels', page: backOfficePage('ChannelsPage') },
  { path: '/admin/settings', page: backOfficePage('SettingsPage') },
  { path: '/admin/site', page: backOfficePage('SiteContentPage') },
  { path: '/admin/news', page: backOfficePage('NewsAdminPage') },
  { path: '/admin/outbox', page: backOfficePage('DemoOutboxPage') },
  { path: '/admin/audit', page: backOfficePage('AuditPage') },
  { path: '/admin/staff', page: backOfficePage('StaffPage') },
  { path: '/admin/sessions', page: backOfficePage('StaffSessionsPage') },
] as const;

export type BackOfficePagePath = (typeof backOfficePages)[number]['path'];

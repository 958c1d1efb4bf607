// The back office's one entry point, loaded lazily by the router (src/app/backOfficeRouteTable.ts).
import { connectStaffSession } from './session/staffCommandBus.ts';

// Loaded before any of its pages can send an admin/ command: from here on they send the staff session.
connectStaffSession();

export { AuditPage } from './audit/AuditPage.tsx';
export { ChannelsPage } from './channels/ChannelsPage.tsx';
export { DepositsQueuePage } from './deposits/DepositsQueuePage.tsx';
export { FxPositionPage } from './fxPosition/FxPositionPage.tsx';
export { FundsAdminPage } from './funds/FundsAdminPage.tsx';
export { IpoAdminPage } from './ipo/IpoAdminPage.tsx';
export { InvitationsPage } from './invitations/InvitationsPage.tsx';
export { KycQueuePage } from './kyc/KycQueuePage.tsx';
export { PlacementsAdminPage } from './placements/PlacementsAdminPage.tsx';
export { PledgesQueuePage } from './pledges/PledgesQueuePage.tsx';
export { BlocksAdminPage } from './blocks/BlocksAdminPage.tsx';
export { BackOfficeHome, BackOfficeLayout } from './layout/BackOfficeLayout.tsx';
export { StaffLoginPage } from './session/StaffLoginPage.tsx';
export { StaffSessionsPage } from './session/StaffSessionsPage.tsx';
export { SettingsPage } from './settings/SettingsPage.tsx';
export { StaffPage } from './staff/StaffPage.tsx';
export { DemoOutboxPage } from './outbox/DemoOutboxPage.tsx';
export { NewsAdminPage } from './siteContent/NewsAdminPage.tsx';
export { SiteContentPage } from './siteContent/SiteContentPage.tsx';
export { UserDetailPage } from './users/UserDetailPage.tsx';
export { UsersPage } from './users/UsersPage.tsx';
export { VipAdminPage } from './vip/VipAdminPage.tsx';
export { WithdrawalsQueuePage } from './withdrawals/WithdrawalsQueuePage.tsx';
export { backOfficeReady } from './backOfficeCatalog.ts';

import { z } from 'zod';
import {
  emptyRequest,
  loginRequest,
  registerRequest,
  registerResponse,
  userInfoResponse,
} from './accounts.ts';
import { siteConfigRequest, siteConfigResponse } from './siteConfig.ts';
import {
  breadthResponse,
  codeRequest,
  codesRequest,
  industryStats,
  instrumentListResponse,
  klineRequest,
  klineResponse,
  marketStatusResponse,
  newsDetailRequest,
  newsDetailResponse,
  newsListRequest,
  newsListResponse,
  quoteRows,
  rankRequest,
  searchHits,
  searchRequest,
  shortSaleRows,
  stockDetailResponse,
} from './market.ts';
import {
  order,
  orderList,
  orderListRequest,
  historySummaryResponse,
  endOrderRequest,
  orderNumberRequest,
  placeOrderRequest,
  statementRequest,
  statementResponse,
  tradingRulesResponse,
  intradayStatusResponse,
} from './trading.ts';
import { watchlistRequest, watchlistResponse } from './watchlist.ts';
import {
  holdingsRequest,
  holdingsResponse,
  pnlCalendarRequest,
  pnlCalendarResponse,
  portfolioHistoryRequest,
  portfolioHistoryResponse,
  portfolioSummaryResponse,
} from './portfolio.ts';
import { adminAuditListRequest, adminAuditListResponse, userAuditLogRequest, userAuditLogResponse } from './audit.ts';
import {
  adminUserDetailRequest,
  adminUserDetailResponse,
  adminUsersListRequest,
  adminUsersListResponse,
  invitationIssueRequest,
  invitationRow,
  invitationSetActiveRequest,
  invitationsListRequest,
  invitationsListResponse,
  setRestrictionRequest,
  setRestrictionResponse,
} from './backOffice.ts';
import { messageReadRequest, messageReadResponse, messagesRequest, messagesResponse } from './notifications.ts';
import {
  addBankCardRequest,
  adminDepositRow,
  adminDepositsListRequest,
  adminDepositsListResponse,
  adminWithdrawalRow,
  adminWithdrawalsListRequest,
  adminWithdrawalsListResponse,
  bankCard,
  bankCardList,
  cardIdRequest,
  channelSaveRequest,
  deposit,
  depositChannel,
  depositChannelList,
  depositInfoResponse,
  depositListResponse,
  depositRequest,
  fundRecordsRequest,
  fundRecordsResponse,
  walletAddressRequest,
  walletAddressResponse,
  withdrawal,
  withdrawalReviewRequest,
  withdrawInfoResponse,
  withdrawListRequest,
  withdrawListResponse,
  withdrawRequest,
} from './funding.ts';
import {
  adminKycListRequest,
  adminKycListResponse,
  changeFundPasswordRequest,
  changePasswordRequest,
  kycState,
  kycSubmissionRow,
  kycSubmitRequest,
  reviewRequest,
  securityResponse,
  setFundPasswordRequest,
} from './identity.ts';
import {
  adminLoanDetailRequest,
  adminLoanDetailResponse,
  adminLoansListRequest,
  adminLoansListResponse,
  borrowRequest,
  creditOverview,
  loanDetailRequest,
  loanDetailResponse,
  loanListRequest,
  loanListResponse,
  loanView,
  repayRequest,
} from './lending.ts';
import {
  adminFxPositionResponse,
  fxConversion,
  fxConvertRequest,
  fxHistoryRequest,
  fxHistoryResponse,
  fxQuote,
  fxQuoteRequest,
  fxRatesRequest,
  fxRatesResponse,
} from './fx.ts';
import { pageRequest } from './paging.ts';
import { adminPledgeRow, adminPledgesListRequest, adminPledgesListResponse, pledgeIdRequest, pledgeListResponse, pledgeRequest, pledgeReviewRequest, pledgeView } from './pledge.ts';
import { checkInState, nomineeAddRequest, nomineeDeleteRequest, nomineeListResponse, setAvatarRequest, setAvatarResponse } from './profile.ts';
import { settingRow, settingsListResponse, settingsUpdateRequest } from './settings.ts';
import {
  staffCreateRequest,
  staffListResponse,
  staffLoginRequest,
  staffMember,
  staffMeResponse,
  staffSetActiveRequest,
} from './staff.ts';
import { admins, anyStaff, operators, reviewers } from './staffRoles.ts';
import { ipoCommands } from './ipo.ts';
import { placementCommands } from './placement.ts';
import { blockCommands } from './block.ts';
import { vipCommands } from './vip.ts';
import { fundCommands } from './funds.ts';
import { courseCommands } from './course.ts';
import { preferenceCommands } from './preference.ts';
import { promotionCommands } from './promotion.ts';
import { recoveryCommands } from './recovery.ts';
import { siteContentCommands } from './siteContent.ts';
import { sessionCommands, staffLoginOutcome, userLoginResponse } from './sessions.ts';
import { trustCommands } from './trust.ts';


// The one table of REST operations. Keys are paths under /api/vue/. The server
// registers a route per entry and validates with `request`; the app's command bus
// is typed from the same entries, so a renamed field breaks both at compile time.
//
// `auth` says who may call: false — anyone; true — a logged-in user; 'staff' — a
// logged-in staff member whose role is in `roles` (HTTP 401 without a staff session,
// 403 `staff_role_not_allowed` for another role). A user's session never opens a staff
// entry, and a staff session never opens a user entry.

const nothing = z.null();


export const api = {
  'common/config': { auth: false, request: siteConfigRequest, response: siteConfigResponse },
  'user/register': { auth: false, request: registerRequest, response: registerResponse },
  'user/login': { auth: false, request: loginRequest, response: userLoginResponse },
  'user/logout': { auth: true, request: emptyRequest, response: nothing },
  'user/info': { auth: true, request: emptyRequest, response: userInfoResponse },
  'user/Optionallist': { auth: true, request: watchlistRequest, response: watchlistResponse },
  'user/addOptional': { auth: true, request: codeRequest, response: watchlistResponse },
  'user/delOptional': { auth: true, request: codeRequest, response: watchlistResponse },
  // market data
  'market/status': { auth: true, request: emptyRequest, response: marketStatusResponse },
  'market/instruments': { auth: true, request: emptyRequest, response: instrumentListResponse },
  'market/indices': { auth: true, request: emptyRequest, response: quoteRows },
  'market/industries': { auth: true, request: emptyRequest, response: industryStats },
  'market/breadth': { auth: true, request: emptyRequest, response: breadthResponse },
  'market/shortSales': { auth: true, request: emptyRequest, response: shortSaleRows },
  'stock/detail': { auth: true, request: codeRequest, response: stockDetailResponse },
  'stock/quotes': { auth: true, request: codesRequest, response: quoteRows },
  'stock/kline': { auth: true, request: klineRequest, response: klineResponse },
  'stock/rank': { auth: true, request: rankRequest, response: quoteRows },
  'stock/search': { auth: true, request: searchRequest, response: searchHits },
  'stock/searchHistory': { auth: true, request: emptyRequest, response: searchHits },
  'stock/clearSearchHistory': { auth: true, request: emptyRequest, response: nothing },
  'news/list': { auth: true, request: newsListRequest, response: newsListResponse },
  'news/detail': { auth: true, request: newsDetailRequest, response: newsDetailResponse },
  // trading
  'trade/rules': { auth: true, request: emptyRequest, response: tradingRulesResponse },
  'intraday/status': { auth: true, request: emptyRequest, response: intradayStatusResponse },
  'order/place': { auth: true, request: placeOrderRequest, response: order },
  'order/cancel': { auth: true, request: endOrderRequest, response: order },
  'order/close': { auth: true, request: endOrderRequest, response: order },
  'order/detail': { auth: true, request: orderNumberRequest, response: order },
  'order/list': { auth: true, request: orderListRequest, response: orderList },
  'order/historySummary': { auth: true, request: emptyRequest, response: historySummaryResponse },
  'user/statement': { auth: true, request: statementRequest, response: statementResponse },
  // the portfolio valued at market: holdings, daily balance history, P&L calendar, totals
  'user/holdings': { auth: true, request: holdingsRequest, response: holdingsResponse },
  'user/portfolioHistory': { auth: true, request: portfolioHistoryRequest, response: portfolioHistoryResponse },
  'user/pnlCalendar': { auth: true, request: pnlCalendarRequest, response: pnlCalendarResponse },
  'user/portfolioSummary': { auth: true, request: emptyRequest, response: portfolioSummaryResponse },
  // what staff did to the caller's account, and messages to the caller
  'user/auditLog': { auth: true, request: userAuditLogRequest, response: userAuditLogResponse },
  'user/messages': { auth: true, request: messagesRequest, response: messagesResponse },
  'user/messageRead': { auth: true, request: messageReadRequest, response: messageReadResponse },
  // back office: staff sessions and accounts
  'admin/login': { auth: false, request: staffLoginRequest, response: staffLoginOutcome },
  'admin/logout': { auth: 'staff', roles: anyStaff, request: emptyRequest, response: nothing },
  'admin/me': { auth: 'staff', roles: anyStaff, request: emptyRequest, response: staffMeResponse },
  'admin/staff/list': { auth: 'staff', roles: admins, request: pageRequest, response: staffListResponse },
  'admin/staff/create': { auth: 'staff', roles: admins, request: staffCreateRequest, response: staffMember },
  'admin/staff/setActive': { auth: 'staff', roles: admins, request: staffSetActiveRequest, response: staffMember },
  // back office: users (read-only over money), invitation codes, audit log, configuration
  'admin/users/list': { auth: 'staff', roles: anyStaff, request: adminUsersListRequest, response: adminUsersListResponse },
  'admin/users/detail': { auth: 'staff', roles: anyStaff, request: adminUserDetailRequest, response: adminUserDetailResponse },
  'admin/users/setRestriction': { auth: 'staff', roles: operators, request: setRestrictionRequest, response: setRestrictionResponse },
  'admin/invitations/list': { auth: 'staff', roles: operators, request: invitationsListRequest, response: invitationsListResponse },
  'admin/invitations/issue': { auth: 'staff', roles: operators, request: invitationIssueRequest, response: invitationRow },
  'admin/invitations/setActive': { auth: 'staff', roles: operators, request: invitationSetActiveRequest, response: invitationRow },
  'admin/audit/list': { auth: 'staff', roles: anyStaff, request: adminAuditListRequest, response: adminAuditListResponse },
  'admin/settings/list': { auth: 'staff', roles: admins, request: emptyRequest, response: settingsListResponse },
  'admin/settings/update': { auth: 'staff', roles: admins, request: settingsUpdateRequest, response: settingRow },
  // identity: KYC and passwords
  'user/kyc': { auth: true, request: emptyRequest, response: kycState },
  'user/kycSubmit': { auth: true, request: kycSubmitRequest, response: kycState },
  'user/changePassword': { auth: true, request: changePasswordRequest, response: nothing },
  'user/setFundPassword': { auth: true, request: setFundPasswordRequest, response: nothing },
  'user/changeFundPassword': { auth: true, request: changeFundPasswordRequest, response: nothing },
  'user/security': { auth: true, request: emptyRequest, response: securityResponse },
  'admin/kyc/list': { auth: 'staff', roles: reviewers, request: adminKycListRequest, response: adminKycListResponse },
  'admin/kyc/review': { auth: 'staff', roles: reviewers, request: reviewRequest, response: kycSubmissionRow },
  // funding: cards, wallet, deposits, withdrawals, records
  'user/addBankCard': { auth: true, request: addBankCardRequest, response: bankCard },
  'user/bankList': { auth: true, request: emptyRequest, response: bankCardList },
  'user/deleteBankCard': { auth: true, request: cardIdRequest, response: bankCardList },
  'user/walletAddress': { auth: true, request: emptyRequest, response: walletAddressResponse },
  'user/setWalletAddress': { auth: true, request: walletAddressRequest, response: walletAddressResponse },
  'user/depositInfo': { auth: true, request: emptyRequest, response: depositInfoResponse },
  'user/deposit': { auth: true, request: depositRequest, response: deposit },
  'user/depositList': { auth: true, request: pageRequest, response: depositListResponse },
  'user/withdrawInfo': { auth: true, request: emptyRequest, response: withdrawInfoResponse },
  'user/withdraw': { auth: true, request: withdrawRequest, response: withdrawal },
  'user/withdrawList': { auth: true, request: withdrawListRequest, response: withdrawListResponse },
  'user/fundRecords': { auth: true, request: fundRecordsRequest, response: fundRecordsResponse },
  'admin/channels/list': { auth: 'staff', roles: anyStaff, request: emptyRequest, response: depositChannelList },
  'admin/channels/save': { auth: 'staff', roles: operators, request: channelSaveRequest, response: depositChannel },
  'admin/deposits/list': { auth: 'staff', roles: reviewers, request: adminDepositsListRequest, response: adminDepositsListResponse },
  'admin/deposits/review': { auth: 'staff', roles: reviewers, request: reviewRequest, response: adminDepositRow },
  'admin/withdrawals/list': { auth: 'staff', roles: reviewers, request: adminWithdrawalsListRequest, response: adminWithdrawalsListResponse },
  'admin/withdrawals/review': { auth: 'staff', roles: reviewers, request: withdrawalReviewRequest, response: adminWithdrawalRow },
  // profile: nominees, daily sign-in, avatar
  'user/nomineeList': { auth: true, request: emptyRequest, response: nomineeListResponse },
  'user/addNominee': { auth: true, request: nomineeAddRequest, response: nomineeListResponse },
  'user/deleteNominee': { auth: true, request: nomineeDeleteRequest, response: nomineeListResponse },
  'user/checkInState': { auth: true, request: emptyRequest, response: checkInState },
  'user/checkIn': { auth: true, request: emptyRequest, response: checkInState },
  'user/setAvatar': { auth: true, request: setAvatarRequest, response: setAvatarResponse },
  // currency exchange: rates, quotes, conversions; the firm's FX position
  'fx/rates': { auth: true, request: fxRatesRequest, response: fxRatesResponse },
  'fx/history': { auth: true, request: fxHistoryRequest, response: fxHistoryResponse },
  'fx/quote': { auth: true, request: fxQuoteRequest, response: fxQuote },
  'fx/convert': { auth: true, request: fxConvertRequest, response: fxConversion },
  'admin/fx/position': { auth: 'staff', roles: anyStaff, request: emptyRequest, response: adminFxPositionResponse },
  // credit score, credit loans and loan records (margin loans show there too)
  'credit/overview': { auth: true, request: emptyRequest, response: creditOverview },
  'loan/borrow': { auth: true, request: borrowRequest, response: loanView },
  'loan/repay': { auth: true, request: repayRequest, response: loanView },
  'loan/list': { auth: true, request: loanListRequest, response: loanListResponse },
  'loan/detail': { auth: true, request: loanDetailRequest, response: loanDetailResponse },
  'admin/loans/list': { auth: 'staff', roles: anyStaff, request: adminLoansListRequest, response: adminLoansListResponse },
  'admin/loans/detail': { auth: 'staff', roles: anyStaff, request: adminLoanDetailRequest, response: adminLoanDetailResponse },
  // margin loans on pledged stock
  'pledge/list': { auth: true, request: emptyRequest, response: pledgeListResponse },
  'pledge/request': { auth: true, request: pledgeRequest, response: pledgeView },
  'pledge/release': { auth: true, request: pledgeIdRequest, response: pledgeView },
  'admin/pledges/list': { auth: 'staff', roles: reviewers, request: adminPledgesListRequest, response: adminPledgesListResponse },
  'admin/pledges/review': { auth: 'staff', roles: reviewers, request: pledgeReviewRequest, response: adminPledgeRow },
  // the primary market: IPOs and their draws, placements and rights issues, the block-trade desk, VIP allocations.
  // Each domain keeps its table beside its schemas (contract/<domain>.ts).
  ...ipoCommands,
  ...placementCommands,
  ...blockCommands,
  ...vipCommands,
  // wealth products: strategy funds and copy trading, the courseware and exam before them, the
  // investment-preference profile, the published fee-rebate promotion
  ...fundCommands,
  ...courseCommands,
  ...preferenceCommands,
  ...promotionCommands,
  // account recovery and its demo outbox; staff-edited site content and news (issue 16)
  ...recoveryCommands,
  ...siteContentCommands,
  ...sessionCommands,
  // tamper evidence: the audit log's and the ledger's published daily roots, the statements' signing key
  ...trustCommands,
} as const;

export type Api = typeof api;
export type ApiPath = keyof Api;
export type RequestOf<P extends ApiPath> = z.input<Api[P]['request']>;
export type ParsedRequestOf<P extends ApiPath> = z.output<Api[P]['request']>;
export type ResponseOf<P extends ApiPath> = z.output<Api[P]['response']>;

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ComponentType } from 'react';
import {
  type AnyRouteSearch,
  blockSearch,
  courseSearch,
  depositSearch,
  fundRecordsSearch,
  fundSearch,
  instrumentSearch,
  ipoListSearch,
  ipoSearch,
  marketSearch,
  newsArticleSearch,
  orderDetailSearch,
  orderSheetSearch,
  placementSearch,
  rankingSearch,
  registerSearch,
  resetPasswordSearch,
  vipSearch,
} from './routeSearch.ts';

// Every screen of the app: its public URL (bookmarks and advisors' links depend on
// these paths, see shared/spec/routes.md), its translated title, who may open it and
// which chrome (header, tab bars) surrounds it. Pages load lazily; a page not built
// yet shows the "coming soon" screen under its own title.

export type PageModule = Record<string, ComponentType | unknown>;
export type PageLoader = { load: () => Promise<PageModule>; exportName: string };

export type Chrome = {
  /** back: title with a back arrow; title: title only (tab roots); none: the page draws its own. */
  header: 'back' | 'title' | 'none';
  /** The five-entry bottom tab bar. */
  bottomTabs: boolean;
  /** A segmented bar under the header linking sibling pages. */
  segments: 'position' | 'mine' | null;
};

export type RouteEntry = {
  path: string;
  title: MessageDescriptor;
  access: 'public' | 'signedIn';
  chrome: Chrome;
  page: PageLoader;
  /** The search params the page reads (routeSearch.ts); none for a page that reads none. */
  search?: AnyRouteSearch;
};

const comingSoon: PageLoader = { load: () => import('../features/comingSoon/ComingSoonPage.tsx'), exportName: 'ComingSoonPage' };
const backChrome: Chrome = { header: 'back', bottomTabs: false, segments: null };
const tabRoot = (header: Chrome['header'], segments: Chrome['segments'] = null): Chrome => ({ header, bottomTabs: true, segments });

function signedIn(path: string, title: MessageDescriptor, page: PageLoader = comingSoon, chrome: Chrome = backChrome, search?: AnyRouteSearch): RouteEntry {
  return { path, title, access: 'signedIn', chrome, page, ...(search ? { search } : {}) };
}

function open(path: string, title: MessageDescriptor, page: PageLoader = comingSoon, chrome: Chrome = backChrome, search?: AnyRouteSearch): RouteEntry {
  return { path, title, access: 'public', chrome, page, ...(search ? { search } : {}) };
}

const withSegments = (segments: Chrome['segments']): Chrome => ({ ...backChrome, segments });
const bare: Chrome = { header: 'none', bottomTabs: false, segments: null };

const pages = {
  start: { load: () => import('../features/auth/StartPage.tsx'), exportName: 'StartPage' },
  login: { load: () => import('../features/auth/LoginPage.tsx'), exportName: 'LoginPage' },
  register: { load: () => import('../features/auth/RegisterPage.tsx'), exportName: 'RegisterPage' },
  reLogin: { load: () => import('../features/auth/ReLoginPage.tsx'), exportName: 'ReLoginPage' },
  forgotPassword: { load: () => import('../features/auth/ForgotPasswordPage.tsx'), exportName: 'ForgotPasswordPage' },
  resetPassword: { load: () => import('../features/auth/ForgotPasswordPage.tsx'), exportName: 'ResetPasswordPage' },
  home: { load: () => import('../features/home/HomePage.tsx'), exportName: 'HomePage' },
  mine: { load: () => import('../features/mine/MinePage.tsx'), exportName: 'MinePage' },
  language: { load: () => import('../features/mine/LanguagePage.tsx'), exportName: 'LanguagePage' },
  market: { load: () => import('../features/market/MarketPage.tsx'), exportName: 'MarketPage' },
  quotes: { load: () => import('../features/market/QuotesPage.tsx'), exportName: 'QuotesPage' },
  stockDetail: { load: () => import('../features/market/StockDetailPage.tsx'), exportName: 'StockDetailPage' },
  indexDetail: { load: () => import('../features/market/IndexDetailPage.tsx'), exportName: 'IndexDetailPage' },
  indexList: { load: () => import('../features/market/IndexListPage.tsx'), exportName: 'IndexListPage' },
  featured: { load: () => import('../features/market/lists/FeaturedPanel.tsx'), exportName: 'FeaturedPage' },
  indicators: { load: () => import('../features/market/indicators/IndicatorsPanel.tsx'), exportName: 'IndicatorsPage' },
  vip: { load: () => import('../features/market/vip/VipPage.tsx'), exportName: 'VipPage' },
  course: { load: () => import('../features/course/CoursePage.tsx'), exportName: 'CoursePage' },
  watchlist: { load: () => import('../features/watchlist/WatchlistPage.tsx'), exportName: 'WatchlistPage' },
  search: { load: () => import('../features/search/SearchPage.tsx'), exportName: 'SearchPage' },
  newsList: { load: () => import('../features/news/NewsListPage.tsx'), exportName: 'NewsListPage' },
  newsDetail: { load: () => import('../features/news/NewsDetailPage.tsx'), exportName: 'NewsDetailPage' },
  orderSheet: { load: () => import('../features/trading/OrderSheetPage.tsx'), exportName: 'OrderSheetPage' },
  tradeHome: { load: () => import('../features/trading/TradeHomePage.tsx'), exportName: 'TradeHomePage' },
  positions: { load: () => import('../features/trading/OrderListPages.tsx'), exportName: 'PositionsPage' },
  holdings: { load: () => import('../features/trading/HoldingsPage.tsx'), exportName: 'HoldingsPage' },
  pendingOrders: { load: () => import('../features/trading/OrderListPages.tsx'), exportName: 'PendingOrdersPage' },
  orderHistory: { load: () => import('../features/trading/OrderListPages.tsx'), exportName: 'OrderHistoryPage' },
  positionDetail: { load: () => import('../features/trading/PositionDetailPage.tsx'), exportName: 'PositionDetailPage' },
  kyc: { load: () => import('../features/identity/KycPages.tsx'), exportName: 'KycPage' },
  kycStatus: { load: () => import('../features/identity/KycPages.tsx'), exportName: 'KycStatusPage' },
  loginPassword: { load: () => import('../features/identity/PasswordPages.tsx'), exportName: 'LoginPasswordPage' },
  fundPassword: { load: () => import('../features/identity/PasswordPages.tsx'), exportName: 'FundPasswordPage' },
  security: { load: () => import('../features/identity/SecurityPage.tsx'), exportName: 'SecurityPage' },
  messages: { load: () => import('../features/profile/messages/MessagesPage.tsx'), exportName: 'MessagesPage' },
  nominees: { load: () => import('../features/profile/nominees/NomineesPage.tsx'), exportName: 'NomineesPage' },
  personalDetails: { load: () => import('../features/profile/details/PersonalDetailsPage.tsx'), exportName: 'PersonalDetailsPage' },
  accountActivity: { load: () => import('../features/profile/activity/AccountActivityPage.tsx'), exportName: 'AccountActivityPage' },
  dayTrading: { load: () => import('../features/trading/intraday/IntradayPage.tsx'), exportName: 'IntradayPage' },
  aboutUs: { load: () => import('../features/profile/pages/AboutPages.tsx'), exportName: 'AboutUsPage' },
  aboutApp: { load: () => import('../features/profile/pages/AboutPages.tsx'), exportName: 'AboutAppPage' },
  agreement: { load: () => import('../features/profile/pages/AgreementPage.tsx'), exportName: 'AgreementPage' },
  privacy: { load: () => import('../features/profile/pages/PrivacyPage.tsx'), exportName: 'PrivacyPage' },
  faq: { load: () => import('../features/profile/pages/FaqPage.tsx'), exportName: 'FaqPage' },
  customerService: { load: () => import('../features/profile/pages/CustomerServicePage.tsx'), exportName: 'CustomerServicePage' },
  signInSecurity: { load: () => import('../features/profile/security/UserSecurityPage.tsx'), exportName: 'UserSecurityPage' },
  settings: { load: () => import('../features/profile/pages/SettingsPage.tsx'), exportName: 'SettingsPage' },
  fundRecords: { load: () => import('../features/funding/records/FundRecordsPage.tsx'), exportName: 'FundRecordsPage' },
  funds: { load: () => import('../features/funding/FundsPage.tsx'), exportName: 'FundsPage' },
  bankList: { load: () => import('../features/funding/BankListPage.tsx'), exportName: 'BankListPage' },
  addBankCard: { load: () => import('../features/funding/AddBankCardPage.tsx'), exportName: 'AddBankCardPage' },
  wallet: { load: () => import('../features/funding/WalletAddressPage.tsx'), exportName: 'WalletAddressPage' },
  deposit: { load: () => import('../features/funding/deposit/DepositPage.tsx'), exportName: 'DepositPage' },
  depositChannels: { load: () => import('../features/funding/deposit/DepositChannelsPage.tsx'), exportName: 'DepositChannelsPage' },
  withdrawal: { load: () => import('../features/funding/withdrawal/WithdrawalPage.tsx'), exportName: 'WithdrawalPage' },
  pledge: { load: () => import('../features/lending/pledge/PledgePage.tsx'), exportName: 'PledgePage' },
  loan: { load: () => import('../features/lending/LoanPage.tsx'), exportName: 'LoanPage' },
  loanRecords: { load: () => import('../features/lending/LoanRecordsPage.tsx'), exportName: 'LoanRecordsPage' },
  withdrawalRecords: { load: () => import('../features/funding/withdrawal/WithdrawalRecordsPage.tsx'), exportName: 'WithdrawalRecordsPage' },
  exchange: { load: () => import('../features/fx/ExchangePage.tsx'), exportName: 'ExchangePage' },
  capitalTransfer: { load: () => import('../features/fx/CapitalTransferPage.tsx'), exportName: 'CapitalTransferPage' },
  blockDesk: { load: () => import('../features/block/BlockDeskPage.tsx'), exportName: 'BlockDeskPage' },
  blockDetail: { load: () => import('../features/block/BlockDetailPage.tsx'), exportName: 'BlockDetailPage' },
  blockPositions: { load: () => import('../features/block/BlockPurchasesPages.tsx'), exportName: 'BlockPositionsPage' },
  blockRecords: { load: () => import('../features/block/BlockPurchasesPages.tsx'), exportName: 'BlockRecordsPage' },
  ipoList: { load: () => import('../features/ipo/IpoListPage.tsx'), exportName: 'IpoListPage' },
  ipoApply: { load: () => import('../features/ipo/IpoApplyPage.tsx'), exportName: 'IpoApplyPage' },
  ipoRecords: { load: () => import('../features/ipo/IpoRecordsPage.tsx'), exportName: 'IpoRecordsPage' },
  placementList: { load: () => import('../features/placement/PlacementListPage.tsx'), exportName: 'PlacementListPage' },
  placementApply: { load: () => import('../features/placement/PlacementApplyPage.tsx'), exportName: 'PlacementApplyPage' },
  placementRecords: { load: () => import('../features/placement/PlacementRecordsPage.tsx'), exportName: 'PlacementRecordsPage' },
  preference: { load: () => import('../features/preference/PreferencePage.tsx'), exportName: 'PreferencePage' },
  feeRebate: { load: () => import('../features/promotion/FeeRebatePage.tsx'), exportName: 'FeeRebatePage' },
  fundList: { load: () => import('../features/funds/FundListPage.tsx'), exportName: 'FundListPage' },
  fundDetail: { load: () => import('../features/funds/FundDetailPage.tsx'), exportName: 'FundDetailPage' },
  fundHoldings: { load: () => import('../features/funds/FundHoldingsPage.tsx'), exportName: 'FundHoldingsPage' },
} satisfies Record<string, PageLoader>;

/**
 * The pages a phone lands on (welcome, sign-in, Home): their texts are all in the catalog
 * loaded at start (lingui.config.ts: startTextPaths), so they render without waiting for the
 * other pages' texts. Every other page's route awaits those (src/app/router.tsx).
 */
export const landingPages: ReadonlySet<PageLoader> = new Set([pages.start, pages.login, pages.home]);

export const routeTable: readonly RouteEntry[] = [
  // Sign-in. Open to everyone.
  open('/login/start', msg`Welcome`, pages.start, bare),
  open('/login/start1', msg`Get started`),
  open('/login/loginAfter', msg`Signed in`),
  open('/login/login', msg`Sign in`, pages.login, bare),
  open('/login/register', msg`Create account`, pages.register, backChrome, registerSearch),
  open('/login/reLogin', msg`Session expired`, pages.reLogin, bare),
  open('/login/forgotPassword', msg`Forgot password`, pages.forgotPassword),
  open('/login/resetPassword', msg`Reset password`, pages.resetPassword, backChrome, resetPasswordSearch),

  // Home and the products reached from it.
  signedIn('/home/index', msg`Home`, pages.home, tabRoot('none')),
  signedIn('/home/zhishu', msg`Indices`, pages.indexList),
  signedIn('/home/market', msg`Market overview`),
  signedIn('/home/newsList', msg`News`, pages.newsList),
  signedIn('/home/newsDetail', msg`News article`, pages.newsDetail, backChrome, newsArticleSearch),
  signedIn('/home/blockTrade', msg`Block trades`, pages.blockDesk),
  signedIn('/home/blockTrade1', msg`Block trade orders`, pages.blockPositions),
  signedIn('/home/blockTrade2', msg`Block trade records`, pages.blockRecords),
  signedIn('/home/blockTradeDetail', msg`Block trade details`, pages.blockDetail, backChrome, blockSearch),
  signedIn('/home/fllow', msg`Quant copy trading`, pages.fundList),
  signedIn('/home/fllowRecord', msg`Copy trading records`, pages.fundHoldings),
  signedIn('/home/fllowDetail', msg`Copy trading details`, pages.fundDetail, backChrome, fundSearch),
  signedIn('/home/qcList', msg`Quant courses`, pages.course, backChrome, courseSearch),
  signedIn('/home/dayTrading', msg`Intraday trading`, pages.dayTrading),
  signedIn('/home/newStock', msg`IPO subscription`, pages.ipoList, backChrome, ipoListSearch),
  signedIn('/home/newStockps', msg`Placements`, pages.placementList),
  signedIn('/home/newStockps1', msg`Placement orders`, pages.placementRecords),
  signedIn('/home/newStockBuy', msg`Apply for IPO`, pages.ipoApply, backChrome, ipoSearch),
  signedIn('/home/newStockPsBuy', msg`Apply for placement`, pages.placementApply, backChrome, placementSearch),
  signedIn('/home/newStockRecord', msg`Subscription records`, pages.ipoRecords),
  // Public: "forgot password" on the sign-in page may lead here.
  open('/home/kefuCenter', msg`Customer service`, pages.customerService),

  // Market.
  signedIn('/market/index', msg`Market`, pages.market, tabRoot('title'), marketSearch),
  signedIn('/market/market', msg`Quotes`, pages.quotes, backChrome, rankingSearch),
  signedIn('/market/optionList', msg`Watchlist`, pages.watchlist),
  signedIn('/market/stockDetail', msg`Stock details`, pages.stockDetail, backChrome, instrumentSearch),
  signedIn('/market/stockDetailzs', msg`Index details`, pages.indexDetail, backChrome, instrumentSearch),
  signedIn('/market/marketBuy', msg`Place order`, pages.orderSheet, backChrome, orderSheetSearch),
  signedIn('/market/marketTeshe', msg`Featured`, pages.featured),
  signedIn('/market/marketZhiBiao', msg`Indicators`, pages.indicators),
  signedIn('/market/marketQuestion', msg`Market Q&A`),
  signedIn('/market/vip', msg`VIP`, pages.vip, backChrome, vipSearch),

  // Trade and positions.
  signedIn('/trade/index', msg`Trade`, pages.tradeHome, tabRoot('title')),
  signedIn('/trade/positionDetail', msg`Position details`, pages.positionDetail, backChrome, orderDetailSearch),
  signedIn('/trade/positionDetail2', msg`Closed position details`, pages.positionDetail, backChrome, orderDetailSearch),
  signedIn('/trade/shareholding', msg`Holdings`, pages.holdings, withSegments('position')),
  signedIn('/trade/position', msg`Positions`, pages.positions, withSegments('mine')),
  signedIn('/trade/waitOrder', msg`Pending orders`, pages.pendingOrders, withSegments('position')),
  signedIn('/trade/historyOrder', msg`Order history`, pages.orderHistory, withSegments('position')),

  // Watchlist and search.
  signedIn('/favorite/index', msg`Watchlist`, pages.watchlist),
  signedIn('/favorite/search', msg`Search`, pages.search),

  // Account, money and settings.
  // The spec names no screen for it: the account's activity log (staff actions on the account) lives here.
  signedIn('/information/index', msg`Account activity`, pages.accountActivity),
  signedIn('/information/setting', msg`Settings`, pages.settings),
  // The spec names no screen for it: the second factor and the signed-in devices.
  signedIn('/information/signInSecurity', msg`Sign-in security`, pages.signInSecurity),
  signedIn('/information/aboutInfo', msg`About`, pages.aboutApp),
  // Public so a visitor can switch language before signing in.
  open('/information/changeLang', msg`Language`, pages.language),
  signedIn('/information/loginPass', msg`Login password`, pages.loginPassword),
  signedIn('/information/fundPass', msg`Fund password`, pages.fundPassword),
  signedIn('/information/bankList', msg`Bank accounts`, pages.bankList),
  signedIn('/information/addBankCard', msg`Add bank account`, pages.addBankCard),
  signedIn('/information/fundRecord', msg`Fund records`, pages.fundRecords, backChrome, fundRecordsSearch),
  signedIn('/information/exChange', msg`Currency exchange`, pages.exchange),
  // Not in the spec's route list: the spec's capital transfer between market sub-accounts (the same exchange, by market).
  signedIn('/information/capitalTransfer', msg`Capital transfer`, pages.capitalTransfer),
  signedIn('/information/authInfo', msg`KYC verification`, pages.kyc),
  signedIn('/information/aboutUs', msg`About us`, pages.aboutUs),
  signedIn('/information/usdtAddress', msg`Wallet address`, pages.wallet),
  signedIn('/information/cashOut', msg`Withdrawal records`, pages.withdrawalRecords),
  signedIn('/information/withdrawal', msg`Withdraw`, pages.withdrawal),
  signedIn('/information/recharge', msg`Deposit`, pages.deposit, backChrome, depositSearch),
  signedIn('/information/rechargeChannel', msg`Deposit channels`, pages.depositChannels),
  signedIn('/information/userInfo', msg`Personal details`, pages.personalDetails),
  signedIn('/information/msgInfo', msg`Messages`, pages.messages),
  signedIn('/information/mine', msg`Mine`, pages.mine, tabRoot('none', 'mine')),
  signedIn('/information/mine_valid', msg`Verification status`, pages.kycStatus),
  signedIn('/information/mine_fund', msg`Funds`, pages.funds, tabRoot('title', 'position')),
  signedIn('/information/mine_detail', msg`Profile`, pages.personalDetails),
  signedIn('/information/pj', msg`Investment preference`, pages.preference),
  signedIn('/information/jkjl', msg`Loan records`, pages.loanRecords),
  signedIn('/information/safety', msg`Security`, pages.security),
  // Public: the registration form links to it.
  open('/information/agreement', msg`User agreement`, pages.agreement),
  // Not in the spec's route list: registration asks users to accept it, so it needs a public URL.
  open('/information/privacy', msg`Privacy policy`, pages.privacy),
  signedIn('/information/faq', msg`FAQ`, pages.faq),
  signedIn('/information/loan', msg`Loans`, pages.loan),
  signedIn('/information/pledge', msg`Margin loans on pledged stock`, pages.pledge),
  signedIn('/information/beneficiary', msg`Nominees`, pages.nominees),
  // Not in the spec's route list: the spec names a loss-compensation offer but no route for it; ours is the published
  // fee-rebate promotion, whose terms must be readable on a page of their own.
  signedIn('/information/promotion', msg`Fee rebate for new accounts`, pages.feeRebate),
];

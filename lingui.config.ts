import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

// English is the source; zh-Hant is stored as "tw" and ko as "ko" in localStorage
// (see src/i18n/locale.ts). A message missing from a catalog compiles to its English
// text (fallbackLocales), so a user never reads a message id or "Error".
//
// The texts a phone needs before its first route renders: the shell, the sign-in pages, Home
// and what Home shows from other features (found from the build's chunks of index.html,
// StartPage, LoginPage and HomePage). They are the "messages" catalog, awaited at start;
// every other page's texts are the "pages" catalog, loaded after the first render and
// awaited by those pages' routes (src/i18n/activateLocale.ts). tests/checks/bundleBudget.test.ts
// fails if a first-load chunk uses a text that only the "pages" catalog has.
export const startTextPaths = [
  'src/main.tsx',
  'src/app',
  'src/api',
  // Not serverMessages.ts, fieldLabels.ts or serverNames.ts: refusals load their texts when
  // the first one comes (src/app/commandBusHooks.ts), and server names show on later pages.
  'src/i18n/activateLocale.ts',
  'src/i18n/locale.ts',
  // The server writes statements from these entries of messages.po (server/i18n/statementReaders.ts).
  'src/i18n/statementReasons.ts',
  'src/ui',
  'src/features/auth',
  'src/features/home',
  'src/features/funding/balances',
  'src/features/funding/fundingLabels.ts',
  'src/features/lending/CreditOverviewCard.tsx',
  'src/features/lending/lendingLabels.ts',
  'src/features/lending/pledge/pledgeLabels.ts',
  'src/features/market/shared/PriceText.tsx',
  'src/features/market/shared/QuoteRow.tsx',
  'src/features/market/shared/SourceBadge.tsx',
  'src/features/market/shared/marketStatus.ts',
  'src/features/market/shared/quoteView.ts',
  'src/features/market/shared/useQuoteSnapshots.ts',
  'src/features/market/stream',
  'src/features/news/NewsItemRow.tsx',
  'src/features/news/newsLanguage.ts',
  'src/features/portfolio/MarketFigures.tsx',
  'src/features/portfolio/livePortfolio.ts',
  'src/features/portfolio/useLivePortfolio.ts',
  'src/features/promotion/PromotionBanner.tsx',
  'src/features/trading/orderLabels.ts',
];
const tests = ['**/*.test.ts', '**/*.test.tsx', '**/src/test/**', '**/testing/**'];
const backOffice = '<rootDir>/src/features/backOffice/**';
/** A path of the list as an exclude glob: a folder excludes everything under it. */
const asExclude = (path: string) => (/\.tsx?$/.test(path) ? `<rootDir>/${path}` : `<rootDir>/${path}/**`);

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'zh-Hant', 'ko'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    { path: '<rootDir>/locales/{locale}/messages', include: startTextPaths.map((path) => `<rootDir>/${path}`), exclude: [...tests, backOffice] },
    { path: '<rootDir>/locales/{locale}/pages', include: ['<rootDir>/src'], exclude: [...tests, backOffice, ...startTextPaths.map(asExclude)] },
    // The back office (staff only, loaded lazily) has its own catalog so the phone app's first
    // screen does not download its texts; src/features/backOffice/backOfficeCatalog.ts adds it.
    { path: '<rootDir>/locales/{locale}/backOffice', include: ['<rootDir>/src/features/backOffice'], exclude: tests },
  ],
  // Line numbers churn on every edit and make catalog diffs unreadable.
  format: formatter({ lineNumbers: false }),
});

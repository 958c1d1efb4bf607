import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

// English is the source; zh-Hant is stored as "tw" and ko as "ko" in localStorage
// (see src/i18n/locale.ts). A message missing from a catalog compiles to its English
// text (fallbackLocales), so a user never reads a message id or "Error".
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'zh-Hant', 'ko'],
  fallbackLocales: { default: 'en' },
  // The back office (staff only, loaded lazily) has its own catalog so the phone app's first
  // screen does not download its texts; src/features/backOffice/backOfficeCatalog.ts adds it.
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/*.test.ts', '**/*.test.tsx', '**/src/test/**', '<rootDir>/src/features/backOffice/**'],
    },
    {
      path: '<rootDir>/locales/{locale}/backOffice',
      include: ['<rootDir>/src/features/backOffice'],
      exclude: ['**/*.test.ts', '**/*.test.tsx', '**/testing/**'],
    },
  ],
  // Line numbers churn on every edit and make catalog diffs unreadable.
  format: formatter({ lineNumbers: false }),
});
